# 在这里编译并注册 silu.cc(FFI target "silu" 和 "silu_bwd"),再用 jax.custom_vjp 定义 silu_ffi(x)。
库 = jaxcourse.load_kernel("silu.cc")
jax.ffi.register_ffi_target("silu", jax.ffi.pycapsule(库.Silu), platform="cpu")
jax.ffi.register_ffi_target("silu_bwd", jax.ffi.pycapsule(库.SiluBwd), platform="cpu")

前向调用 = partial(jax.ffi.ffi_call, "silu", vmap_method="broadcast_all")
反向调用 = partial(jax.ffi.ffi_call, "silu_bwd", vmap_method="broadcast_all")


@jax.custom_vjp
def silu_ffi(x):
    """x * sigmoid(x),由 C++ 内核计算。"""
    return 前向调用(jax.ShapeDtypeStruct(x.shape, x.dtype))(x)


def _前向(x):
    return silu_ffi(x), x


def _反向(残差, 余切):
    return (反向调用(jax.ShapeDtypeStruct(残差.shape, 残差.dtype))(残差, 余切),)


silu_ffi.defvjp(_前向, _反向)
