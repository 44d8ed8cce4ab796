silu_lib = jaxcourse.load_kernel("silu.cc")
jax.ffi.register_ffi_target("silu", jax.ffi.pycapsule(silu_lib.Silu), platform="cpu")
jax.ffi.register_ffi_target("silu_bwd", jax.ffi.pycapsule(silu_lib.SiluBwd), platform="cpu")


def _ffi(name, like, *operands):
    return jax.ffi.ffi_call(name, jax.ShapeDtypeStruct(like.shape, like.dtype), vmap_method="broadcast_all")(*operands)


@jax.custom_vjp
def silu_ffi(x):
    return _ffi("silu", x, x)


def _silu_fwd(x):
    y = silu_ffi(x)
    return y, x


def _silu_bwd(x, ct):
    grad_x = _ffi("silu_bwd", x, x, ct)
    return (grad_x,)


silu_ffi.defvjp(_silu_fwd, _silu_bwd)
