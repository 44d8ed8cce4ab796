# 在这里编译并注册 silu.cc(FFI target "silu" 和 "silu_bwd"),再用 jax.custom_vjp 定义 silu_ffi(x)。
silu_lib = jaxcourse.load_kernel("silu.cc")
jax.ffi.register_ffi_target("silu", jax.ffi.pycapsule(silu_lib.Silu), platform="cpu")
jax.ffi.register_ffi_target("silu_bwd", jax.ffi.pycapsule(silu_lib.SiluBwd), platform="cpu")


def call_silu_forward_kernel(input_array):
    output_shape_and_dtype = jax.ShapeDtypeStruct(input_array.shape, input_array.dtype)
    return jax.ffi.ffi_call("silu", output_shape_and_dtype, vmap_method="broadcast_all")(input_array)


def call_silu_backward_kernel(input_array, output_cotangent):
    output_shape_and_dtype = jax.ShapeDtypeStruct(input_array.shape, input_array.dtype)
    return jax.ffi.ffi_call("silu_bwd", output_shape_and_dtype, vmap_method="broadcast_all")(
        input_array, output_cotangent)


@jax.custom_vjp
def silu_ffi(x):
    return call_silu_forward_kernel(x)


def silu_ffi_forward_rule(x):
    return call_silu_forward_kernel(x), x


def silu_ffi_backward_rule(saved_input, output_cotangent):
    return (call_silu_backward_kernel(saved_input, output_cotangent),)


silu_ffi.defvjp(silu_ffi_forward_rule, silu_ffi_backward_rule)
