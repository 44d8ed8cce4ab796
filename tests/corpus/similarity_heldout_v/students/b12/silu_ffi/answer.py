silu_lib = jaxcourse.load_kernel("silu.cc")
jax.ffi.register_ffi_target("silu", jax.ffi.pycapsule(silu_lib.Silu), platform="cpu")
jax.ffi.register_ffi_target("silu_bwd", jax.ffi.pycapsule(silu_lib.SiluBwd), platform="cpu")

import itertools


def _kernel(target, x, *operands):
    spec = jax.ShapeDtypeStruct(x.shape, x.dtype)
    return jax.ffi.ffi_call(target, spec, vmap_method="broadcast_all")(*itertools.chain([x], operands))


@jax.custom_vjp
def silu_ffi(x):
    return _kernel("silu", x)


silu_ffi.defvjp(lambda x: (_kernel("silu", x), x), lambda x, g: (_kernel("silu_bwd", x, g),))
