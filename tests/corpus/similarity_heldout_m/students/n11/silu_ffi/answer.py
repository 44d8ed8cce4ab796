def _编译注册():
    """编译 silu.cc 并注册两个 FFI target。"""
    库 = jaxcourse.load_kernel("silu.cc")
    jax.ffi.register_ffi_target("silu", jax.ffi.pycapsule(库.Silu), platform="cpu")
    jax.ffi.register_ffi_target("silu_bwd", jax.ffi.pycapsule(库.SiluBwd), platform="cpu")


def _同形(x):
    """和 x 同形状同 dtype 的结果描述。"""
    return jax.ShapeDtypeStruct(x.shape, x.dtype)


_编译注册()


@jax.custom_vjp
def silu_ffi(x):
    """SiLU,前向走 FFI。"""
    return jax.ffi.ffi_call("silu", _同形(x), vmap_method="broadcast_all")(x)


def _前向(x):
    """保存 x。"""
    return silu_ffi(x), x


def _反向(x, 余切):
    """反向走 silu_bwd。"""
    return (jax.ffi.ffi_call("silu_bwd", _同形(x), vmap_method="broadcast_all")(x, 余切),)


silu_ffi.defvjp(_前向, _反向)
