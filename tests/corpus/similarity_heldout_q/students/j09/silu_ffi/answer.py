# 在这里编译并注册 silu.cc(FFI target "silu" 和 "silu_bwd"),再用 jax.custom_vjp 定义 silu_ffi(x)。
silu_lib = jaxcourse.load_kernel("silu.cc")
jax.ffi.register_ffi_target("silu", jax.ffi.pycapsule(silu_lib.Silu), platform="cpu")
jax.ffi.register_ffi_target("silu_bwd", jax.ffi.pycapsule(silu_lib.SiluBwd), platform="cpu")


# 1. the forward call
def _silu_impl(x):
    return jax.ffi.ffi_call("silu", jax.ShapeDtypeStruct(x.shape, x.dtype), vmap_method="broadcast_all")(x)


# 2. custom_vjp with the impl as primal
silu_ffi = jax.custom_vjp(_silu_impl)


# 3. fwd saves x
def _silu_fwd(x):
    return _silu_impl(x), x


# 4. bwd calls silu_bwd
def _silu_bwd(x, ct):
    out = jax.ShapeDtypeStruct(x.shape, x.dtype)
    return (jax.ffi.ffi_call("silu_bwd", out, vmap_method="broadcast_all")(x, ct),)


# 5. register the rules
silu_ffi.defvjp(_silu_fwd, _silu_bwd)
