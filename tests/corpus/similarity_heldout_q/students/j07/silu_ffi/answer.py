# 在这里编译并注册 silu.cc(FFI target "silu" 和 "silu_bwd"),再用 jax.custom_vjp 定义 silu_ffi(x)。
silu_lib = jaxcourse.load_kernel("silu.cc")
jax.ffi.register_ffi_target("silu", jax.ffi.pycapsule(silu_lib.Silu), platform="cpu")
jax.ffi.register_ffi_target("silu_bwd", jax.ffi.pycapsule(silu_lib.SiluBwd), platform="cpu")


def _diaoyong(mingzi, x, *canshu):
    jieguo = jax.ShapeDtypeStruct(x.shape, x.dtype)
    return jax.ffi.ffi_call(mingzi, jieguo, vmap_method="broadcast_all")(*canshu)


def silu_ffi_qianxiang(x):
    return _diaoyong("silu", x, x)


silu_ffi = jax.custom_vjp(silu_ffi_qianxiang)
silu_ffi.defvjp(lambda x: (silu_ffi_qianxiang(x), x),  # 保存 x
                lambda x, g: (_diaoyong("silu_bwd", x, x, g),))
