# 在这里编译并注册 silu.cc(FFI target "silu" 和 "silu_bwd"),再用 jax.custom_vjp 定义 silu_ffi(x)。
silu_shared_library = jaxcourse.load_kernel("silu.cc")
for target_name, handler in {"silu": silu_shared_library.Silu, "silu_bwd": silu_shared_library.SiluBwd}.items():
    jax.ffi.register_ffi_target(target_name, jax.ffi.pycapsule(handler), platform="cpu")


def _ffi_elementwise(target_name: str, reference: jax.Array, *operands: jax.Array) -> jax.Array:
    """Call an element-wise float32 FFI target whose result has the shape and dtype of `reference`."""
    result_shape = jax.ShapeDtypeStruct(reference.shape, reference.dtype)
    return jax.ffi.ffi_call(target_name, result_shape, vmap_method="broadcast_all")(*operands)


@jax.custom_vjp
def silu_ffi(x: jax.Array) -> jax.Array:
    """SiLU x * sigmoid(x) computed by the C++ kernel."""
    return _ffi_elementwise("silu", x, x)


def _silu_ffi_forward(x: jax.Array) -> tuple[jax.Array, jax.Array]:
    return _ffi_elementwise("silu", x, x), x


def _silu_ffi_backward(x: jax.Array, output_cotangent: jax.Array) -> tuple[jax.Array]:
    return (_ffi_elementwise("silu_bwd", x, x, output_cotangent),)


silu_ffi.defvjp(_silu_ffi_forward, _silu_ffi_backward)
