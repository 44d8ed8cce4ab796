# 在这里编译并注册 silu.cc(FFI target "silu" 和 "silu_bwd"),再用 jax.custom_vjp 定义 silu_ffi(x)。
silu_lib = jaxcourse.load_kernel("silu.cc")
jax.ffi.register_ffi_target("silu", jax.ffi.pycapsule(silu_lib.Silu), platform="cpu")
jax.ffi.register_ffi_target("silu_bwd", jax.ffi.pycapsule(silu_lib.SiluBwd), platform="cpu")


class _Target:
    __slots__ = ("name",)

    def __init__(self, name):
        self.name = name

    def __call__(self, like, *operands):
        out = jax.ShapeDtypeStruct(like.shape, like.dtype)
        return jax.ffi.ffi_call(self.name, out, vmap_method="broadcast_all")(*operands)


_fwd_call = _Target("silu")
_bwd_call = _Target("silu_bwd")


@jax.custom_vjp
def silu_ffi(x):
    return _fwd_call(x, x)


silu_ffi.defvjp(lambda x: (_fwd_call(x, x), x), lambda x, ct: (_bwd_call(x, x, ct),))
