# 在这里编译并注册 silu.cc(FFI target "silu" 和 "silu_bwd"),再用 jax.custom_vjp 定义 silu_ffi(x)。
compiled_silu_library = jaxcourse.load_kernel("silu.cc")
# 注册前向和反向两个 FFI target
jax.ffi.register_ffi_target("silu", jax.ffi.pycapsule(compiled_silu_library.Silu), platform="cpu")
jax.ffi.register_ffi_target("silu_bwd", jax.ffi.pycapsule(compiled_silu_library.SiluBwd), platform="cpu")


def output_type_like(input_array):
    # 输出与输入同形状、同 dtype
    return jax.ShapeDtypeStruct(input_array.shape, input_array.dtype)


@jax.custom_vjp
def silu_ffi(x):
    return jax.ffi.ffi_call("silu", output_type_like(x), vmap_method="broadcast_all")(x)


def silu_forward_with_residual(x):
    return silu_ffi(x), x


def silu_backward_from_residual(saved_input, output_cotangent):
    input_cotangent = jax.ffi.ffi_call("silu_bwd", output_type_like(saved_input), vmap_method="broadcast_all")(
        saved_input, output_cotangent)
    return (input_cotangent,)


silu_ffi.defvjp(silu_forward_with_residual, silu_backward_from_residual)
