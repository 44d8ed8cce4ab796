# 在这里编译并注册 silu.cc(FFI target "silu" 和 "silu_bwd"),再用 jax.custom_vjp 定义 silu_ffi(x)。
动态库 = jaxcourse.load_kernel("silu.cc")
jax.ffi.register_ffi_target("silu", jax.ffi.pycapsule(动态库.Silu), platform="cpu")
jax.ffi.register_ffi_target("silu_bwd", jax.ffi.pycapsule(动态库.SiluBwd), platform="cpu")


@jax.custom_vjp
def silu_ffi(x):
    """前向经 FFI target silu。"""
    return jax.ffi.ffi_call("silu", jax.ShapeDtypeStruct(x.shape, x.dtype), vmap_method="broadcast_all")(x)


def _silu前向(x):
    """返回输出和残差 x。"""
    return silu_ffi(x), x


def _silu反向(x, 余切):
    """经 FFI target silu_bwd 算输入的余切。"""
    结果 = jax.ShapeDtypeStruct(x.shape, x.dtype)
    return (jax.ffi.ffi_call("silu_bwd", 结果, vmap_method="broadcast_all")(x, 余切),)


silu_ffi.defvjp(_silu前向, _silu反向)
