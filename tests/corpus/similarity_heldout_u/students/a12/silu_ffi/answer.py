silu_lib = jaxcourse.load_kernel("silu.cc")
jax.ffi.register_ffi_target("silu", jax.ffi.pycapsule(silu_lib.Silu), platform="cpu")
jax.ffi.register_ffi_target("silu_bwd", jax.ffi.pycapsule(silu_lib.SiluBwd), platform="cpu")


from functools import partial


def _target(name, x, *operands):
    return jax.ffi.ffi_call(name, jax.ShapeDtypeStruct(x.shape, x.dtype), vmap_method="broadcast_all")(x, *operands)


_fwd_kernel = partial(_target, "silu")
_bwd_kernel = partial(_target, "silu_bwd")


@jax.custom_vjp
def silu_ffi(x):
    return _fwd_kernel(x)


silu_ffi.defvjp(lambda x: (_fwd_kernel(x), x), lambda x, ct: (_bwd_kernel(x, ct),))
