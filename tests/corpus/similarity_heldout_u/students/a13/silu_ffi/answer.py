silu_lib = jaxcourse.load_kernel("silu.cc")
jax.ffi.register_ffi_target("silu", jax.ffi.pycapsule(silu_lib.Silu), platform="cpu")
jax.ffi.register_ffi_target("silu_bwd", jax.ffi.pycapsule(silu_lib.SiluBwd), platform="cpu")


def _kernel(name, *operands):
    first, *_ = operands
    return jax.ffi.ffi_call(name, jax.ShapeDtypeStruct(first.shape, first.dtype),
                            vmap_method="broadcast_all")(*operands)


@jax.custom_vjp
def silu_ffi(x):
    return _kernel("silu", x)


def _silu_fwd(x):
    return _kernel("silu", x), (x,)


def _silu_bwd(res, ct):
    x, = res
    return (_kernel("silu_bwd", x, ct),)


silu_ffi.defvjp(_silu_fwd, _silu_bwd)
