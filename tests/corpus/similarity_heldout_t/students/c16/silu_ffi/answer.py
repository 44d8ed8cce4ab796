silu_lib = jaxcourse.load_kernel("silu.cc")
jax.ffi.register_ffi_target("silu", jax.ffi.pycapsule(silu_lib.Silu), platform="cpu")
jax.ffi.register_ffi_target("silu_bwd", jax.ffi.pycapsule(silu_lib.SiluBwd), platform="cpu")


def _sds(x):
    try:
        return jax.ShapeDtypeStruct(x.shape, x.dtype)
    except AttributeError:
        x = jnp.asarray(x)
        return jax.ShapeDtypeStruct(x.shape, x.dtype)


@jax.custom_vjp
def silu_ffi(x):
    return jax.ffi.ffi_call("silu", _sds(x), vmap_method="broadcast_all")(x)


def _fwd(x):
    return silu_ffi(x), x


def _bwd(x, ct):
    return (jax.ffi.ffi_call("silu_bwd", _sds(x), vmap_method="broadcast_all")(x, ct),)


silu_ffi.defvjp(_fwd, _bwd)
