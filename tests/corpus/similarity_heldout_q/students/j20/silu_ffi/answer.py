# 在这里编译并注册 silu.cc(FFI target "silu" 和 "silu_bwd"),再用 jax.custom_vjp 定义 silu_ffi(x)。
silu_lib = jaxcourse.load_kernel("silu.cc")
jax.ffi.register_ffi_target("silu", jax.ffi.pycapsule(silu_lib.Silu), platform="cpu")
jax.ffi.register_ffi_target("silu_bwd", jax.ffi.pycapsule(silu_lib.SiluBwd), platform="cpu")


class _Call:
    def __init__(self, name):
        self.name = name

    def __call__(self, x, *operands):
        return jax.ffi.ffi_call(self.name, jax.ShapeDtypeStruct(x.shape, x.dtype),
                                vmap_method="broadcast_all")(*operands)


_FWD = _Call("silu")
_BWD = _Call("silu_bwd")


@jax.custom_vjp
def silu_ffi(x):
    return _FWD(x, x)


silu_ffi.defvjp(lambda x: (_FWD(x, x), x), lambda x, g: (_BWD(x, x, g),))
