lib = jaxcourse.load_kernel("silu.cc")
for target, handler in (("silu", lib.Silu), ("silu_bwd", lib.SiluBwd)):
    jax.ffi.register_ffi_target(target, jax.ffi.pycapsule(handler), platform="cpu")


@jax.custom_vjp
def silu_ffi(x):
    if x.size == 0:
        return x
    return jax.ffi.ffi_call("silu", jax.ShapeDtypeStruct(x.shape, x.dtype), vmap_method="broadcast_all")(x)


def _fwd(x):
    return silu_ffi(x), x


def _bwd(x, g):
    if x.size == 0:
        return (g,)
    return (jax.ffi.ffi_call("silu_bwd", jax.ShapeDtypeStruct(x.shape, x.dtype), vmap_method="broadcast_all")(x, g),)


silu_ffi.defvjp(_fwd, _bwd)
