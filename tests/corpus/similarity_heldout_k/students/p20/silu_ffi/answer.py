lib = jaxcourse.load_kernel("silu.cc")
for tgt, fn in [("silu", lib.Silu), ("silu_bwd", lib.SiluBwd)]:
    jax.ffi.register_ffi_target(tgt, jax.ffi.pycapsule(fn), platform="cpu")

_ffi = lambda tgt, x, *more: jax.ffi.ffi_call(tgt, jax.ShapeDtypeStruct(x.shape, x.dtype),
                                              vmap_method="broadcast_all")(x, *more)


@jax.custom_vjp
def silu_ffi(x):
    return _ffi("silu", x)


def silu_fwd(x):
    return _ffi("silu", x), x


def silu_bwd(x, g):
    return (_ffi("silu_bwd", x, g),)


silu_ffi.defvjp(silu_fwd, silu_bwd)
