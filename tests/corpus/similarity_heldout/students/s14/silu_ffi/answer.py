lib = jaxcourse.load_kernel("silu.cc")
jax.ffi.register_ffi_target("silu", jax.ffi.pycapsule(lib.Silu), platform="cpu")
jax.ffi.register_ffi_target("silu_bwd", jax.ffi.pycapsule(lib.SiluBwd), platform="cpu")


@jax.custom_vjp
def silu_ffi(x):
    return partial(jax.ffi.ffi_call, "silu", vmap_method="broadcast_all")(jax.ShapeDtypeStruct(x.shape, x.dtype))(x)


def _silu_fwd(x):
    return silu_ffi(x), x  # residual: the input


def _silu_bwd(x, g):
    call = partial(jax.ffi.ffi_call, "silu_bwd", vmap_method="broadcast_all")
    return (call(jax.ShapeDtypeStruct(x.shape, x.dtype))(x, g),)


silu_ffi.defvjp(_silu_fwd, _silu_bwd)
