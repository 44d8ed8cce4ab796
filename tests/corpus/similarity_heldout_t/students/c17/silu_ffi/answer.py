silu_lib = jaxcourse.load_kernel("silu.cc")
jax.ffi.register_ffi_target("silu", jax.ffi.pycapsule(silu_lib.Silu), platform="cpu")
jax.ffi.register_ffi_target("silu_bwd", jax.ffi.pycapsule(silu_lib.SiluBwd), platform="cpu")
from typing import Final

FWD_TARGET: Final = "silu"
BWD_TARGET: Final = "silu_bwd"


def _call(target, *operands, like):
    out = jax.ShapeDtypeStruct(like.shape, like.dtype)
    return jax.ffi.ffi_call(target, out, vmap_method="broadcast_all")(*operands)


@jax.custom_vjp
def silu_ffi(x):
    return _call(FWD_TARGET, x, like=x)


silu_ffi.defvjp(lambda x: (_call(FWD_TARGET, x, like=x), x),
                lambda x, ct: (_call(BWD_TARGET, x, ct, like=x),))
