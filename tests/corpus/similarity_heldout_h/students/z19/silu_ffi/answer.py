# 在这里编译并注册 silu.cc(FFI target "silu" 和 "silu_bwd"),再用 jax.custom_vjp 定义 silu_ffi(x)。
内核 = jaxcourse.load_kernel("silu.cc")
jax.ffi.register_ffi_target("silu", jax.ffi.pycapsule(内核.Silu), platform="cpu")
jax.ffi.register_ffi_target("silu_bwd", jax.ffi.pycapsule(内核.SiluBwd), platform="cpu")


@jax.custom_vjp
def silu_ffi(x):
    规格 = jax.ShapeDtypeStruct(x.shape, x.dtype)
    return jax.ffi.ffi_call("silu", 规格, vmap_method="broadcast_all")(x)


def _前向(x):
    return silu_ffi(x), x  # 残差是 x


def _反向(x, 余切):
    规格 = jax.ShapeDtypeStruct(x.shape, x.dtype)
    return (jax.ffi.ffi_call("silu_bwd", 规格, vmap_method="broadcast_all")(x, 余切),)


silu_ffi.defvjp(_前向, _反向)
