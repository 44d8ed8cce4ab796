silu_lib = jaxcourse.load_kernel("silu.cc")
jax.ffi.register_ffi_target("silu", jax.ffi.pycapsule(silu_lib.Silu), platform="cpu")
jax.ffi.register_ffi_target("silu_bwd", jax.ffi.pycapsule(silu_lib.SiluBwd), platform="cpu")


def _spec(x: jax.Array) -> jax.ShapeDtypeStruct:
    """Output spec shared by both kernels."""
    return jax.ShapeDtypeStruct(x.shape, x.dtype)


def _silu_call(x: jax.Array) -> jax.Array:
    """Forward kernel call."""
    return jax.ffi.ffi_call("silu", _spec(x), vmap_method="broadcast_all")(x)


silu_ffi = jax.custom_vjp(_silu_call)


def _fwd(x: jax.Array) -> tuple[jax.Array, jax.Array]:
    """Primal output and the residual x."""
    return _silu_call(x), x


def _bwd(x: jax.Array, ct: jax.Array) -> tuple[jax.Array]:
    """Cotangent of x from the backward kernel."""
    return (jax.ffi.ffi_call("silu_bwd", _spec(x), vmap_method="broadcast_all")(x, ct),)


silu_ffi.defvjp(_fwd, _bwd)
