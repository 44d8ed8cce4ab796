def _build_and_register() -> None:
    """Compile silu.cc and register both FFI targets."""
    lib = jaxcourse.load_kernel("silu.cc")
    jax.ffi.register_ffi_target("silu", jax.ffi.pycapsule(lib.Silu), platform="cpu")
    jax.ffi.register_ffi_target("silu_bwd", jax.ffi.pycapsule(lib.SiluBwd), platform="cpu")


def _like(x: jax.Array) -> jax.ShapeDtypeStruct:
    """Result type with x's shape and dtype."""
    return jax.ShapeDtypeStruct(x.shape, x.dtype)


_build_and_register()


@jax.custom_vjp
def silu_ffi(x: jax.Array) -> jax.Array:
    """SiLU, forward pass through FFI."""
    return jax.ffi.ffi_call("silu", _like(x), vmap_method="broadcast_all")(x)


def _fwd(x: jax.Array):
    """Keep x as the residual."""
    return silu_ffi(x), x


def _bwd(x: jax.Array, ct: jax.Array):
    """Backward pass through silu_bwd."""
    return (jax.ffi.ffi_call("silu_bwd", _like(x), vmap_method="broadcast_all")(x, ct),)


silu_ffi.defvjp(_fwd, _bwd)
