silu_lib = jaxcourse.load_kernel("silu.cc")
jax.ffi.register_ffi_target("silu", jax.ffi.pycapsule(silu_lib.Silu), platform="cpu")
jax.ffi.register_ffi_target("silu_bwd", jax.ffi.pycapsule(silu_lib.SiluBwd), platform="cpu")
import abc


class _Target(abc.ABC):
    name: str

    def __call__(self, *operands):
        x = operands[0]
        call = jax.ffi.ffi_call(self.name, jax.ShapeDtypeStruct(x.shape, x.dtype), vmap_method="broadcast_all")
        return call(*operands)


class _Fwd(_Target):
    name = "silu"


class _Bwd(_Target):
    name = "silu_bwd"


@jax.custom_vjp
def silu_ffi(x):
    return _Fwd()(x)


silu_ffi.defvjp(lambda x: (_Fwd()(x), x), lambda x, ct: (_Bwd()(x, ct),))
