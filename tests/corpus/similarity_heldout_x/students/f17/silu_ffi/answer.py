# 在这里编译并注册 silu.cc(FFI target "silu" 和 "silu_bwd"),再用 jax.custom_vjp 定义 silu_ffi(x)。
silu_lib = jaxcourse.load_kernel("silu.cc")
jax.ffi.register_ffi_target("silu", jax.ffi.pycapsule(silu_lib.Silu), platform="cpu")
jax.ffi.register_ffi_target("silu_bwd", jax.ffi.pycapsule(silu_lib.SiluBwd), platform="cpu")


def _call(target, x, *more):
    return jax.ffi.ffi_call(target, jax.ShapeDtypeStruct(x.shape, x.dtype), vmap_method="broadcast_all")(x, *more)


@jax.custom_vjp
def silu_ffi(x):
    return _call("silu", x)


def _fwd(x):
    return _call("silu", x), x


def _bwd(x, g):
    if x.size == 0:
        return (jnp.zeros_like(x),)  # nothing to send to the kernel
    return (_call("silu_bwd", x, g),)


silu_ffi.defvjp(_fwd, _bwd)
