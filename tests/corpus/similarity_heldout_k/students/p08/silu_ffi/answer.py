# 在这里编译并注册 silu.cc(FFI target "silu" 和 "silu_bwd"),再用 jax.custom_vjp 定义 silu_ffi(x)。
库 = jaxcourse.load_kernel("silu.cc")
目标 = {"silu": 库.Silu, "silu_bwd": 库.SiluBwd}
for 名字, 符号 in 目标.items():
    jax.ffi.register_ffi_target(名字, jax.ffi.pycapsule(符号), platform="cpu")


def _调用(名字, x, *其余):
    # 输出和 x 同形状同 dtype
    return jax.ffi.ffi_call(名字, jax.ShapeDtypeStruct(x.shape, x.dtype), vmap_method="broadcast_all")(x, *其余)


@jax.custom_vjp
def silu_ffi(x):
    return _调用("silu", x)


def _前向(x):
    return _调用("silu", x), x


def _反向(x, 余切):
    return (_调用("silu_bwd", x, 余切),)


silu_ffi.defvjp(_前向, _反向)
