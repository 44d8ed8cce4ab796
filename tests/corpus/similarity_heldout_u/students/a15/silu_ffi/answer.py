silu_lib = jaxcourse.load_kernel("silu.cc")
jax.ffi.register_ffi_target("silu", jax.ffi.pycapsule(silu_lib.Silu), platform="cpu")
jax.ffi.register_ffi_target("silu_bwd", jax.ffi.pycapsule(silu_lib.SiluBwd), platform="cpu")


from itertools import chain


def _ffi(name, x, *more):
    operands = tuple(chain((x,), more))
    return jax.ffi.ffi_call(name, jax.ShapeDtypeStruct(x.shape, x.dtype), vmap_method="broadcast_all")(*operands)


@jax.custom_vjp
def silu_ffi(x):
    return _ffi("silu", x)


silu_ffi.defvjp(lambda x: (_ffi("silu", x), x), lambda x, g: (_ffi("silu_bwd", x, g),))
