mod = jaxcourse.load_kernel('silu.cc')
jax.ffi.register_ffi_target('silu', jax.ffi.pycapsule(mod.Silu), platform='cpu')
jax.ffi.register_ffi_target('silu_bwd', jax.ffi.pycapsule(mod.SiluBwd), platform='cpu')


@jax.custom_vjp
def silu_ffi(x):
    return jax.ffi.ffi_call('silu', jax.ShapeDtypeStruct(x.shape, x.dtype), vmap_method='broadcast_all')(x)


def fwd(x):
    return silu_ffi(x), x


def bwd(res, ct):
    k = jax.ffi.ffi_call('silu_bwd', jax.ShapeDtypeStruct(res.shape, res.dtype), vmap_method='broadcast_all')
    return (k(res, ct),)


silu_ffi.defvjp(fwd, bwd)
