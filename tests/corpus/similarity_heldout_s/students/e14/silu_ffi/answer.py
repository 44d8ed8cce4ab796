try:
    silu_lib = jaxcourse.load_kernel("silu.cc")
except OSError as err:
    raise RuntimeError("silu.cc did not build or load") from err
jax.ffi.register_ffi_target("silu", jax.ffi.pycapsule(silu_lib.Silu), platform="cpu")
jax.ffi.register_ffi_target("silu_bwd", jax.ffi.pycapsule(silu_lib.SiluBwd), platform="cpu")


@jax.custom_vjp
def silu_ffi(x):
    return jax.ffi.ffi_call("silu", jax.ShapeDtypeStruct(x.shape, x.dtype), vmap_method="broadcast_all")(x)


def _fwd(x):
    return silu_ffi(x), x


def _bwd(x, g):
    try:
        out = jax.ShapeDtypeStruct(x.shape, x.dtype)
    except AttributeError:
        out = jax.ShapeDtypeStruct(jnp.shape(x), jnp.float32)
    return (jax.ffi.ffi_call("silu_bwd", out, vmap_method="broadcast_all")(x, g),)


silu_ffi.defvjp(_fwd, _bwd)
