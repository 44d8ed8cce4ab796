# 在这里编译并注册 silu.cc(FFI target "silu" 和 "silu_bwd"),再用 jax.custom_vjp 定义 silu_ffi(x)。
silu_lib = jaxcourse.load_kernel("silu.cc")
jax.ffi.register_ffi_target("silu", jax.ffi.pycapsule(silu_lib.Silu), platform="cpu")
jax.ffi.register_ffi_target("silu_bwd", jax.ffi.pycapsule(silu_lib.SiluBwd), platform="cpu")

_TARGETS = {"forward": "silu", "backward": "silu_bwd"}


def _kernel(which, *operands):
    x = operands[0]
    return jax.ffi.ffi_call(_TARGETS[which], jax.ShapeDtypeStruct(x.shape, x.dtype),
                            vmap_method="broadcast_all")(*operands)


@jax.custom_vjp
def silu_ffi(x):
    return _kernel("forward", x)


silu_ffi.defvjp(lambda x: (_kernel("forward", x), x), lambda x, g: (_kernel("backward", x, g),))
print(sorted(_TARGETS.values(), key=len))
