# 在这里编译并注册 silu.cc(FFI target "silu" 和 "silu_bwd"),再用 jax.custom_vjp 定义 silu_ffi(x)。
silu_lib = jaxcourse.load_kernel("silu.cc")
jax.ffi.register_ffi_target("silu", jax.ffi.pycapsule(silu_lib.Silu), platform="cpu")
jax.ffi.register_ffi_target("silu_bwd", jax.ffi.pycapsule(silu_lib.SiluBwd), platform="cpu")


class FfiTarget:
    """One registered FFI target, called with an output shaped like its first operand."""

    def __init__(self, name):
        self.name = name

    @classmethod
    def named(cls, name):
        return cls(name)

    def call(self, x, *operands):
        out = jax.ShapeDtypeStruct(x.shape, x.dtype)
        return jax.ffi.ffi_call(self.name, out, vmap_method="broadcast_all")(x, *operands)


_forward = FfiTarget.named("silu")
_backward = FfiTarget.named("silu_bwd")


@jax.custom_vjp
def silu_ffi(x):
    return _forward.call(x)


silu_ffi.defvjp(lambda x: (_forward.call(x), x), lambda x, g: (_backward.call(x, g),))
