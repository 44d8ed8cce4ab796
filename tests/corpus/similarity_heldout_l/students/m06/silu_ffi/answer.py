lib = jaxcourse.load_kernel("silu.cc")
jax.ffi.register_ffi_target("silu", jax.ffi.pycapsule(lib.Silu), platform="cpu")
jax.ffi.register_ffi_target("silu_bwd", jax.ffi.pycapsule(lib.SiluBwd), platform="cpu")


def _ffi(name, like, *operands):
    return jax.ffi.ffi_call(name, jax.ShapeDtypeStruct(like.shape, like.dtype),
                            vmap_method="broadcast_all")(*operands)


silu_ffi = jax.custom_vjp(lambda x: _ffi("silu", x, x))
silu_ffi.defvjp(lambda x: (_ffi("silu", x, x), x), lambda x, ct: (_ffi("silu_bwd", x, x, ct),))
