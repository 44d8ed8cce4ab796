# 在这里编译并注册 silu.cc(FFI target "silu" 和 "silu_bwd"),再用 jax.custom_vjp 定义 silu_ffi(x)。
内核库 = jaxcourse.load_kernel("silu.cc")
jax.ffi.register_ffi_target("silu", jax.ffi.pycapsule(内核库.Silu), platform="cpu")
jax.ffi.register_ffi_target("silu_bwd", jax.ffi.pycapsule(内核库.SiluBwd), platform="cpu")


def silu_ffi_前向(x):
    形状 = jax.ShapeDtypeStruct(x.shape, x.dtype)
    y = jax.ffi.ffi_call("silu", 形状, vmap_method="broadcast_all")(x)
    return y, x  # 残差是 x


def silu_ffi_反向(x, 余切):
    形状 = jax.ShapeDtypeStruct(x.shape, x.dtype)
    梯度 = jax.ffi.ffi_call("silu_bwd", 形状, vmap_method="broadcast_all")(x, 余切)
    return (梯度,)


@jax.custom_vjp
def silu_ffi(x):
    return silu_ffi_前向(x)[0]


silu_ffi.defvjp(silu_ffi_前向, silu_ffi_反向)
