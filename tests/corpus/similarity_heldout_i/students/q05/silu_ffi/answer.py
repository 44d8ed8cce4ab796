# 在这里编译并注册 silu.cc(FFI target "silu" 和 "silu_bwd"),再用 jax.custom_vjp 定义 silu_ffi(x)。
库 = jaxcourse.load_kernel("silu.cc")
jax.ffi.register_ffi_target("silu", jax.ffi.pycapsule(库.Silu), platform="cpu")
jax.ffi.register_ffi_target("silu_bwd", jax.ffi.pycapsule(库.SiluBwd), platform="cpu")


@jax.custom_vjp
def silu_ffi(x):
    """前向:调用 C++ 的 Silu。"""
    return jax.ffi.ffi_call("silu", jax.ShapeDtypeStruct(x.shape, x.dtype), vmap_method="broadcast_all")(x)


def silu_前向(x):
    """保存 x 作为残差。"""
    return silu_ffi(x), x


def silu_反向(x, ct):
    """反向:调用 C++ 的 SiluBwd。"""
    规格 = jax.ShapeDtypeStruct(x.shape, x.dtype)
    return (jax.ffi.ffi_call("silu_bwd", 规格, vmap_method="broadcast_all")(x, ct),)


silu_ffi.defvjp(silu_前向, silu_反向)
