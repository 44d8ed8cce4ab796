# 在这里编译并注册 silu.cc(FFI target "silu" 和 "silu_bwd"),再用 jax.custom_vjp 定义 silu_ffi(x)。
compiled_silu_library = jaxcourse.load_kernel("silu.cc")
for target_name, handler in {"silu": compiled_silu_library.Silu, "silu_bwd": compiled_silu_library.SiluBwd}.items():
    jax.ffi.register_ffi_target(target_name, jax.ffi.pycapsule(handler), platform="cpu")


def silu_forward_call(input_array):
    result_type = jax.ShapeDtypeStruct(input_array.shape, input_array.dtype)
    return jax.ffi.ffi_call("silu", result_type, vmap_method="broadcast_all")(input_array)


def silu_backward_call(input_array, output_cotangent):
    result_type = jax.ShapeDtypeStruct(input_array.shape, input_array.dtype)
    return jax.ffi.ffi_call("silu_bwd", result_type, vmap_method="broadcast_all")(input_array, output_cotangent)


@jax.custom_vjp
def silu_ffi(x):
    return silu_forward_call(x)


def silu_ffi_forward_rule(x):
    # The input is the only residual the backward kernel needs.
    return silu_forward_call(x), x


def silu_ffi_backward_rule(saved_input, output_cotangent):
    return (silu_backward_call(saved_input, output_cotangent),)


silu_ffi.defvjp(silu_ffi_forward_rule, silu_ffi_backward_rule)
