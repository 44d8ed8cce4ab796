silu_lib = jaxcourse.load_kernel("silu.cc")
jax.ffi.register_ffi_target("silu", jax.ffi.pycapsule(silu_lib.Silu), platform="cpu")
jax.ffi.register_ffi_target("silu_bwd", jax.ffi.pycapsule(silu_lib.SiluBwd), platform="cpu")

from collections import defaultdict

_calls = defaultdict(lambda: "broadcast_all")


def _ffi(target, like, *operands):
    out = jax.ShapeDtypeStruct(like.shape, like.dtype)
    return jax.ffi.ffi_call(target, out, vmap_method=_calls[target])(*operands)


@jax.custom_vjp
def silu_ffi(x):
    return _ffi("silu", x, x)


def _silu_fwd(x):
    return _ffi("silu", x, x), x


def _silu_bwd(x, ct):
    return (_ffi("silu_bwd", x, x, ct),)


silu_ffi.defvjp(_silu_fwd, _silu_bwd)
