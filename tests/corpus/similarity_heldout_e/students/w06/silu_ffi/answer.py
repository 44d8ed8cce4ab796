lib = jaxcourse.load_kernel('silu.cc')
jax.ffi.register_ffi_target('silu', jax.ffi.pycapsule(lib.Silu), platform='cpu')
jax.ffi.register_ffi_target('silu_bwd', jax.ffi.pycapsule(lib.SiluBwd), platform='cpu')


@jax.custom_vjp
def silu_ffi(x):
    # forward kernel
    return jax.ffi.ffi_call('silu', jax.ShapeDtypeStruct(x.shape, x.dtype),
                            vmap_method='broadcast_all')(x)


def _silu_fwd(x):
    return silu_ffi(x), x


def _silu_bwd(x, ct):
    # backward kernel takes (x, ct_y)
    call = jax.ffi.ffi_call('silu_bwd', jax.ShapeDtypeStruct(x.shape, x.dtype),
                            vmap_method='broadcast_all')
    return (call(x, ct),)


silu_ffi.defvjp(_silu_fwd, _silu_bwd)
