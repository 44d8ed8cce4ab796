# 在这里编译并注册 silu.cc(FFI target "silu" 和 "silu_bwd"),再用 jax.custom_vjp 定义 silu_ffi(x)。
silu_lib = jaxcourse.load_kernel("silu.cc")
jax.ffi.register_ffi_target("silu", jax.ffi.pycapsule(silu_lib.Silu), platform="cpu")
jax.ffi.register_ffi_target("silu_bwd", jax.ffi.pycapsule(silu_lib.SiluBwd), platform="cpu")
from abc import ABC, abstractmethod


class FfiOp(ABC):
    @property
    @abstractmethod
    def target(self) -> str:
        ...

    def __init__(self):
        self.vmap_method = "broadcast_all"

    def call(self, x, *rest):
        return jax.ffi.ffi_call(self.target, jax.ShapeDtypeStruct(x.shape, x.dtype),
                                vmap_method=self.vmap_method)(x, *rest)


class SiluFwd(FfiOp):
    target = "silu"


class SiluBwd(FfiOp):
    target = "silu_bwd"


@jax.custom_vjp
def silu_ffi(x):
    return SiluFwd().call(x)


def _fwd(x):
    return SiluFwd().call(x), x


def _bwd(x, g):
    return (SiluBwd().call(x, g),)


silu_ffi.defvjp(_fwd, _bwd)
