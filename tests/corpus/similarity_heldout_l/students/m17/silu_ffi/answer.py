# 1. 编译并注册
lib = jaxcourse.load_kernel("silu.cc")
jax.ffi.register_ffi_target("silu", jax.ffi.pycapsule(lib.Silu), platform="cpu")
jax.ffi.register_ffi_target("silu_bwd", jax.ffi.pycapsule(lib.SiluBwd), platform="cpu")


# 2. 前向:ffi_call "silu"
@jax.custom_vjp
def silu_ffi(x):
    结果类型 = jax.ShapeDtypeStruct(x.shape, x.dtype)
    return jax.ffi.ffi_call("silu", 结果类型, vmap_method="broadcast_all")(x)


# 3. fwd 规则:残差是 x
def silu_ffi_fwd(x):
    return silu_ffi(x), x


# 4. bwd 规则:ffi_call "silu_bwd"
def silu_ffi_bwd(x, g):
    结果类型 = jax.ShapeDtypeStruct(x.shape, x.dtype)
    return (jax.ffi.ffi_call("silu_bwd", 结果类型, vmap_method="broadcast_all")(x, g),)


# 5. 接起来
silu_ffi.defvjp(silu_ffi_fwd, silu_ffi_bwd)
