silu_lib = jaxcourse.load_kernel("silu.cc")
jax.ffi.register_ffi_target("silu", jax.ffi.pycapsule(silu_lib.Silu), platform="cpu")
jax.ffi.register_ffi_target("silu_bwd", jax.ffi.pycapsule(silu_lib.SiluBwd), platform="cpu")
from dataclasses import dataclass


@dataclass(frozen=True)
class FfiTarget:
    name: str

    def __call__(self, *operands):
        like = operands[0]
        call = jax.ffi.ffi_call(self.name, jax.ShapeDtypeStruct(like.shape, like.dtype),
                                vmap_method="broadcast_all")
        return call(*operands)


SILU_FWD = FfiTarget("silu")
SILU_BWD = FfiTarget("silu_bwd")


@jax.custom_vjp
def silu_ffi(x):
    return SILU_FWD(x)


def _fwd(x):
    return SILU_FWD(x), x


def _bwd(x, ct):
    return (SILU_BWD(x, ct),)


silu_ffi.defvjp(_fwd, _bwd)
