so = jaxcourse.load_kernel('silu.cc')
jax.ffi.register_ffi_target('silu', jax.ffi.pycapsule(so.Silu), platform='cpu')
jax.ffi.register_ffi_target('silu_bwd', jax.ffi.pycapsule(so.SiluBwd), platform='cpu')


@jax.custom_vjp
def silu_ffi(v):
    o = jax.ShapeDtypeStruct(v.shape, v.dtype)
    return jax.ffi.ffi_call('silu', o, vmap_method='broadcast_all')(v)


def fw(v):
    return silu_ffi(v), v


def bw(v, g):
    o = jax.ShapeDtypeStruct(v.shape, v.dtype)
    return (jax.ffi.ffi_call('silu_bwd', o, vmap_method='broadcast_all')(v, g),)


silu_ffi.defvjp(fw, bw)
