# 在这里编译并注册 silu.cc(FFI target "silu" 和 "silu_bwd"),再用 jax.custom_vjp 定义 silu_ffi(x)。
def _register_silu_targets():
    # build the kernel once and register both handlers on the CPU platform
    library = jaxcourse.load_kernel("silu.cc")
    jax.ffi.register_ffi_target("silu", jax.ffi.pycapsule(library.Silu), platform="cpu")
    jax.ffi.register_ffi_target("silu_bwd", jax.ffi.pycapsule(library.SiluBwd), platform="cpu")


def _elementwise(target, x, *operands):
    out = jax.ShapeDtypeStruct(x.shape, x.dtype)
    return jax.ffi.ffi_call(target, out, vmap_method="broadcast_all")(x, *operands)


_register_silu_targets()


@jax.custom_vjp
def silu_ffi(x):
    return _elementwise("silu", x)


def _silu_fwd(x):
    return _elementwise("silu", x), x


def _silu_bwd(x, ct):
    return (_elementwise("silu_bwd", x, ct),)


silu_ffi.defvjp(_silu_fwd, _silu_bwd)
