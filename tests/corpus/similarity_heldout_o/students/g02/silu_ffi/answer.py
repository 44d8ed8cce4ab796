# 在这里编译并注册 silu.cc(FFI target "silu" 和 "silu_bwd"),再用 jax.custom_vjp 定义 silu_ffi(x)。
silu_lib = jaxcourse.load_kernel("silu.cc")
jax.ffi.register_ffi_target("silu", jax.ffi.pycapsule(silu_lib.Silu), platform="cpu")
jax.ffi.register_ffi_target("silu_bwd", jax.ffi.pycapsule(silu_lib.SiluBwd), platform="cpu")


# 输出的形状和 dtype 与输入一样
def output_spec(x):
    return jax.ShapeDtypeStruct(x.shape, x.dtype)


@jax.custom_vjp
def silu_ffi(x):
    return jax.ffi.ffi_call("silu", output_spec(x), vmap_method="broadcast_all")(x)


# 前向:保存 x 作为残差
def silu_ffi_fwd(x):
    return silu_ffi(x), x


# 反向:调用 silu_bwd 计算 ct_x
def silu_ffi_bwd(x, ct_y):
    ct_x = jax.ffi.ffi_call("silu_bwd", output_spec(x), vmap_method="broadcast_all")(x, ct_y)
    return (ct_x,)


silu_ffi.defvjp(silu_ffi_fwd, silu_ffi_bwd)
