lib = jaxcourse.load_kernel("silu.cc")
jax.ffi.register_ffi_target("silu", jax.ffi.pycapsule(lib.Silu), platform="cpu")
jax.ffi.register_ffi_target("silu_bwd", jax.ffi.pycapsule(lib.SiluBwd), platform="cpu")


def _sds(x: jax.Array) -> jax.ShapeDtypeStruct:
    return jax.ShapeDtypeStruct(x.shape, x.dtype)


def _fwd(x: jax.Array) -> tuple:
    y = jax.ffi.ffi_call("silu", _sds(x), vmap_method="broadcast_all")(x)
    return y, x


def _bwd(x: jax.Array, g: jax.Array) -> tuple:
    return (jax.ffi.ffi_call("silu_bwd", _sds(x), vmap_method="broadcast_all")(x, g),)


silu_ffi = jax.custom_vjp(lambda x: _fwd(x)[0])
silu_ffi.defvjp(_fwd, _bwd)
