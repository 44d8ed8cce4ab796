silu_lib = jaxcourse.load_kernel("silu.cc")
jax.ffi.register_ffi_target("silu", jax.ffi.pycapsule(silu_lib.Silu), platform="cpu")
jax.ffi.register_ffi_target("silu_bwd", jax.ffi.pycapsule(silu_lib.SiluBwd), platform="cpu")


def _silu_call(x: jax.Array) -> jax.Array:
    return jax.ffi.ffi_call("silu", jax.ShapeDtypeStruct(x.shape, x.dtype), vmap_method="broadcast_all")(x)


@jax.custom_vjp
def silu_ffi(x: jax.Array) -> jax.Array:
    return _silu_call(x)


def silu_fwd(x: jax.Array):
    # the residual is the input itself
    return _silu_call(x), x


def silu_bwd(x: jax.Array, g: jax.Array):
    ct = jax.ffi.ffi_call("silu_bwd", jax.ShapeDtypeStruct(x.shape, x.dtype), vmap_method="broadcast_all")(x, g)
    return (ct,)


silu_ffi.defvjp(silu_fwd, silu_bwd)
