# 在这里编译并注册 silu.cc(FFI target "silu" 和 "silu_bwd"),再用 jax.custom_vjp 定义 silu_ffi(x)。
silu_lib = jaxcourse.load_kernel("silu.cc")
jax.ffi.register_ffi_target("silu", jax.ffi.pycapsule(silu_lib.Silu), platform="cpu")
jax.ffi.register_ffi_target("silu_bwd", jax.ffi.pycapsule(silu_lib.SiluBwd), platform="cpu")


def call_registered_silu_target(target_name, primal_input, *other_operands):
    result_shape_and_dtype = jax.ShapeDtypeStruct(primal_input.shape, primal_input.dtype)
    return jax.ffi.ffi_call(target_name, result_shape_and_dtype, vmap_method="broadcast_all")(primal_input,
                                                                                            *other_operands)


@jax.custom_vjp
def silu_ffi(x):
    return call_registered_silu_target("silu", x)


def silu_ffi_forward_pass_saving_residuals(x):
    return call_registered_silu_target("silu", x), x


def silu_ffi_backward_pass_from_residuals(saved_input, output_cotangent):
    return (call_registered_silu_target("silu_bwd", saved_input, output_cotangent),)


silu_ffi.defvjp(silu_ffi_forward_pass_saving_residuals, silu_ffi_backward_pass_from_residuals)
