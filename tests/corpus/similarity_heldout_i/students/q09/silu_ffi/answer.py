k = jaxcourse.load_kernel('silu.cc')
jax.ffi.register_ffi_target('silu', jax.ffi.pycapsule(k.Silu), platform='cpu')
jax.ffi.register_ffi_target('silu_bwd', jax.ffi.pycapsule(k.SiluBwd), platform='cpu')


@jax.custom_vjp
def silu_ffi(x):
    return jax.ffi.ffi_call('silu', jax.ShapeDtypeStruct(x.shape, x.dtype), vmap_method='broadcast_all')(x)


def _fw(x):
    return silu_ffi(x), x


def _bw(x, g):
    return (jax.ffi.ffi_call('silu_bwd', jax.ShapeDtypeStruct(x.shape, x.dtype), vmap_method='broadcast_all')(x, g),)


silu_ffi.defvjp(_fw, _bw)
