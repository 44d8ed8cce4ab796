"""Exercise 3: load the SiLU kernels and expose them as a differentiable JAX function."""
silu_kernels = jaxcourse.load_kernel("silu.cc")
jax.ffi.register_ffi_target("silu", jax.ffi.pycapsule(silu_kernels.Silu), platform="cpu")
jax.ffi.register_ffi_target("silu_bwd", jax.ffi.pycapsule(silu_kernels.SiluBwd), platform="cpu")


def _result_like(x: jax.Array) -> jax.ShapeDtypeStruct:
    """The FFI result type: x's shape and dtype."""
    return jax.ShapeDtypeStruct(x.shape, x.dtype)


@jax.custom_vjp
def silu_ffi(x: jax.Array) -> jax.Array:
    """silu(x) = x * sigmoid(x) through the C++ handler Silu."""
    return jax.ffi.ffi_call("silu", _result_like(x), vmap_method="broadcast_all")(x)


def _silu_fwd(x: jax.Array):
    """Save x for the backward pass."""
    return silu_ffi(x), x


def _silu_bwd(x: jax.Array, ct_y: jax.Array):
    """ct_x from the C++ handler SiluBwd."""
    return (jax.ffi.ffi_call("silu_bwd", _result_like(x), vmap_method="broadcast_all")(x, ct_y),)


silu_ffi.defvjp(_silu_fwd, _silu_bwd)
