# 在这里编译并注册 silu.cc(FFI target "silu" 和 "silu_bwd"),再用 jax.custom_vjp 定义 silu_ffi(x)。
silu_lib = jaxcourse.load_kernel("silu.cc")
jax.ffi.register_ffi_target("silu", jax.ffi.pycapsule(silu_lib.Silu), platform="cpu")
jax.ffi.register_ffi_target("silu_bwd", jax.ffi.pycapsule(silu_lib.SiluBwd), platform="cpu")


# 前向:调用 C++ 的 "silu",输出的形状和 dtype 与输入相同
@jax.custom_vjp
def silu_ffi(x):
    out_type = jax.ShapeDtypeStruct(x.shape, x.dtype)
    return jax.ffi.ffi_call("silu", out_type, vmap_method="broadcast_all")(x)


# 前向规则:返回输出和残差(残差就是 x 本身)
def silu_fwd(x):
    return silu_ffi(x), x


# 反向规则:调用 C++ 的 "silu_bwd",输入是 x 和输出的余切
def silu_bwd(x, ct_y):
    out_type = jax.ShapeDtypeStruct(x.shape, x.dtype)
    ct_x = jax.ffi.ffi_call("silu_bwd", out_type, vmap_method="broadcast_all")(x, ct_y)
    # 必须返回元组,和 silu_ffi 的参数一一对应
    return (ct_x,)


silu_ffi.defvjp(silu_fwd, silu_bwd)
