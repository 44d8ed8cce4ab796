silu_library = jaxcourse.load_kernel("silu.cc")
jax.ffi.register_ffi_target("silu", jax.ffi.pycapsule(silu_library.Silu), platform="cpu")
jax.ffi.register_ffi_target("silu_bwd", jax.ffi.pycapsule(silu_library.SiluBwd), platform="cpu")


def _call_target(target_name: str, like: jax.Array, *operands: jax.Array) -> jax.Array:
    result_type = jax.ShapeDtypeStruct(like.shape, like.dtype)
    return jax.ffi.ffi_call(target_name, result_type, vmap_method="broadcast_all")(*operands)


@jax.custom_vjp
def silu_ffi(x: jax.Array) -> jax.Array:
    return _call_target("silu", x, x)


def _silu_forward(x: jax.Array):
    return _call_target("silu", x, x), x


def _silu_backward(residual_input: jax.Array, output_cotangent: jax.Array):
    return (_call_target("silu_bwd", residual_input, residual_input, output_cotangent),)


silu_ffi.defvjp(_silu_forward, _silu_backward)
