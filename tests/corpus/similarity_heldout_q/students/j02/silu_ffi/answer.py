# 在这里编译并注册 silu.cc(FFI target "silu" 和 "silu_bwd"),再用 jax.custom_vjp 定义 silu_ffi(x)。
silu_lib = jaxcourse.load_kernel("silu.cc")
jax.ffi.register_ffi_target("silu", jax.ffi.pycapsule(silu_lib.Silu), platform="cpu")
jax.ffi.register_ffi_target("silu_bwd", jax.ffi.pycapsule(silu_lib.SiluBwd), platform="cpu")


# 前向:调用 FFI target "silu"
@jax.custom_vjp
def silu_ffi(x):
    output_type = jax.ShapeDtypeStruct(x.shape, x.dtype)
    return jax.ffi.ffi_call("silu", output_type, vmap_method="sequential")(x)


# 前向规则:保存输入 x 作为残差
def silu_forward_rule(x):
    return silu_ffi(x), x


# 反向规则:调用 FFI target "silu_bwd"
def silu_backward_rule(saved_x, output_cotangent):
    output_type = jax.ShapeDtypeStruct(saved_x.shape, saved_x.dtype)
    input_cotangent = jax.ffi.ffi_call("silu_bwd", output_type, vmap_method="sequential")(
        saved_x, output_cotangent)
    return (input_cotangent,)


silu_ffi.defvjp(silu_forward_rule, silu_backward_rule)
