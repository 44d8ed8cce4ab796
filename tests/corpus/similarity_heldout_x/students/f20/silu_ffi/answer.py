# 在这里编译并注册 silu.cc(FFI target "silu" 和 "silu_bwd"),再用 jax.custom_vjp 定义 silu_ffi(x)。
silu_lib = jaxcourse.load_kernel("silu.cc")
jax.ffi.register_ffi_target("silu", jax.ffi.pycapsule(silu_lib.Silu), platform="cpu")
jax.ffi.register_ffi_target("silu_bwd", jax.ffi.pycapsule(silu_lib.SiluBwd), platform="cpu")


class Operands:
    """Iterates over the operands of one kernel call, checking each is float32."""

    def __init__(self, *arrays):
        self.arrays = list(arrays)

    def __iter__(self):
        return self

    def __next__(self):
        if not self.arrays:
            raise StopIteration
        a = self.arrays.pop(0)
        assert a.dtype == jnp.float32, a.dtype
        return a


def _run(target, x, *more):
    return jax.ffi.ffi_call(target, jax.ShapeDtypeStruct(x.shape, x.dtype),
                            vmap_method="broadcast_all")(*Operands(x, *more))


@jax.custom_vjp
def silu_ffi(x):
    return _run("silu", x)


silu_ffi.defvjp(lambda x: (_run("silu", x), x), lambda x, g: (_run("silu_bwd", x, g),))
