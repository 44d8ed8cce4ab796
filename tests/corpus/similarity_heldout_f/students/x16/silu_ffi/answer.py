# 在这里编译并注册 silu.cc(FFI target "silu" 和 "silu_bwd"),再用 jax.custom_vjp 定义 silu_ffi(x)。
库 = jaxcourse.load_kernel("silu.cc")
for 名字, 符号 in [("silu", "Silu"), ("silu_bwd", "SiluBwd")]:
    jax.ffi.register_ffi_target(名字, jax.ffi.pycapsule(getattr(库, 符号)), platform="cpu")


@jax.custom_vjp
def silu_ffi(x):
    # 前向:调 C++ 的 silu
    return jax.ffi.ffi_call("silu", jax.ShapeDtypeStruct(x.shape, x.dtype), vmap_method="broadcast_all")(x)


def _fwd(x):
    return silu_ffi(x), x  # 残差是 x


def _bwd(x, g):
    # 反向:调 silu_bwd(x, ct_y)
    dx = jax.ffi.ffi_call("silu_bwd", jax.ShapeDtypeStruct(x.shape, x.dtype), vmap_method="broadcast_all")(x, g)
    return (dx,)


silu_ffi.defvjp(_fwd, _bwd)
