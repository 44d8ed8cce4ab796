# 在这里编译并注册 silu.cc(FFI target "silu" 和 "silu_bwd"),再用 jax.custom_vjp 定义 silu_ffi(x)。
# 用课程的编译参数编译 silu.cc
silu_kernel_library = jaxcourse.load_kernel("silu.cc")
jax.ffi.register_ffi_target("silu", jax.ffi.pycapsule(silu_kernel_library.Silu), platform="cpu")
jax.ffi.register_ffi_target("silu_bwd", jax.ffi.pycapsule(silu_kernel_library.SiluBwd), platform="cpu")


@jax.custom_vjp
def silu_ffi(x: jax.Array) -> jax.Array:
    result_type = jax.ShapeDtypeStruct(x.shape, x.dtype)
    return jax.ffi.ffi_call("silu", result_type, vmap_method="broadcast_all")(x)


def silu_ffi_forward(x: jax.Array) -> tuple[jax.Array, jax.Array]:
    # 前向:输出 + 残差 x
    return silu_ffi(x), x


def silu_ffi_backward(saved_input: jax.Array, output_cotangent: jax.Array) -> tuple[jax.Array]:
    # 反向:调用 silu_bwd 内核
    result_type = jax.ShapeDtypeStruct(saved_input.shape, saved_input.dtype)
    input_cotangent = jax.ffi.ffi_call("silu_bwd", result_type, vmap_method="broadcast_all")(
        saved_input, output_cotangent)
    return (input_cotangent,)


silu_ffi.defvjp(silu_ffi_forward, silu_ffi_backward)
