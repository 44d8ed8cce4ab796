silu_lib = jaxcourse.load_kernel("silu.cc")
jax.ffi.register_ffi_target("silu", jax.ffi.pycapsule(silu_lib.Silu), platform="cpu")
jax.ffi.register_ffi_target("silu_bwd", jax.ffi.pycapsule(silu_lib.SiluBwd), platform="cpu")

_TARGETS = {"fwd": "silu", "bwd": "silu_bwd"}


def _ffi(which, *operands):
    x = operands[0]
    out = jax.ShapeDtypeStruct(x.shape, x.dtype)
    return jax.ffi.ffi_call(_TARGETS[which], out, vmap_method="broadcast_all")(*operands)


@jax.custom_vjp
def silu_ffi(x):
    return _ffi("fwd", x)


silu_ffi.defvjp(lambda x: (_ffi("fwd", x), x), lambda x, g: (_ffi("bwd", x, g),))
