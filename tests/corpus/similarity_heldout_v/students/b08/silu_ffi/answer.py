silu_lib = jaxcourse.load_kernel("silu.cc")
jax.ffi.register_ffi_target("silu", jax.ffi.pycapsule(silu_lib.Silu), platform="cpu")
jax.ffi.register_ffi_target("silu_bwd", jax.ffi.pycapsule(silu_lib.SiluBwd), platform="cpu")


def _like(x):
    return jax.ShapeDtypeStruct(np.shape(x), np.float32)


@jax.custom_vjp
def silu_ffi(x):
    return jax.ffi.ffi_call("silu", _like(x), vmap_method="broadcast_all")(x)


def _fwd(x):
    return silu_ffi(x), x


def _bwd(x, g):
    return (jax.ffi.ffi_call("silu_bwd", _like(x), vmap_method="broadcast_all")(x, g),)


silu_ffi.defvjp(_fwd, _bwd)
