# 在这里编译并注册 silu.cc(FFI target "silu" 和 "silu_bwd"),再用 jax.custom_vjp 定义 silu_ffi(x)。
silu_lib = jaxcourse.load_kernel("silu.cc")
jax.ffi.register_ffi_target("silu", jax.ffi.pycapsule(silu_lib.Silu), platform="cpu")
jax.ffi.register_ffi_target("silu_bwd", jax.ffi.pycapsule(silu_lib.SiluBwd), platform="cpu")


def call_silu_target_by_name(target_name, like_this_array, *operands_for_the_call):
    return jax.ffi.ffi_call(target_name, jax.ShapeDtypeStruct(like_this_array.shape, like_this_array.dtype),
                            vmap_method="broadcast_all")(*operands_for_the_call)


@jax.custom_vjp
def silu_ffi(x):
    return call_silu_target_by_name("silu", x, x)


def silu_ffi_forward_rule_saving_the_input(x):
    return silu_ffi(x), x


def silu_ffi_backward_rule_using_the_saved_input(saved_input, output_cotangent):
    return (call_silu_target_by_name("silu_bwd", saved_input, saved_input, output_cotangent),)


silu_ffi.defvjp(silu_ffi_forward_rule_saving_the_input, silu_ffi_backward_rule_using_the_saved_input)
