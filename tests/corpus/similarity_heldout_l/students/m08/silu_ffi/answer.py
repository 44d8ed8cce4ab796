# 在这里编译并注册 silu.cc(FFI target "silu" 和 "silu_bwd"),再用 jax.custom_vjp 定义 silu_ffi(x)。
内核库 = jaxcourse.load_kernel("silu.cc")
# 两个 target 一起注册
[jax.ffi.register_ffi_target(t, jax.ffi.pycapsule(getattr(内核库, s)), platform="cpu")
 for t, s in [("silu", "Silu"), ("silu_bwd", "SiluBwd")]]


@jax.custom_vjp
def silu_ffi(x):
    return jax.ffi.ffi_call("silu", jax.ShapeDtypeStruct(x.shape, x.dtype), vmap_method="broadcast_all")(x)


def _fwd(x):
    return silu_ffi(x), x


def _bwd(x, g):
    # 反向内核同时要 x 和上游梯度
    return (jax.ffi.ffi_call("silu_bwd", jax.ShapeDtypeStruct(x.shape, x.dtype), vmap_method="broadcast_all")(x, g),)


silu_ffi.defvjp(_fwd, _bwd)
