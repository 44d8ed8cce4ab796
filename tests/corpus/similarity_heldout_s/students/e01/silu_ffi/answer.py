silu_lib = jaxcourse.load_kernel("silu.cc")
jax.ffi.register_ffi_target("silu", jax.ffi.pycapsule(silu_lib.Silu), platform="cpu")
jax.ffi.register_ffi_target("silu_bwd", jax.ffi.pycapsule(silu_lib.SiluBwd), platform="cpu")
from dataclasses import dataclass


@dataclass(frozen=True)
class _Target:
    name: str

    def __call__(self, x, *rest):
        out = jax.ShapeDtypeStruct(x.shape, x.dtype)
        return jax.ffi.ffi_call(self.name, out, vmap_method="broadcast_all")(x, *rest)


_fwd_kernel = _Target("silu")
_bwd_kernel = _Target("silu_bwd")


@jax.custom_vjp
def silu_ffi(x):
    return _fwd_kernel(x)


def _silu_fwd(x):
    return _fwd_kernel(x), x


def _silu_bwd(x, g):
    return (_bwd_kernel(x, g),)


silu_ffi.defvjp(_silu_fwd, _silu_bwd)
