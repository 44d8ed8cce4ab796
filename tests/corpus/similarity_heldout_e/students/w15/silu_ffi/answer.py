k = jaxcourse.load_kernel('silu.cc')
jax.ffi.register_ffi_target('silu', jax.ffi.pycapsule(k.Silu), platform='cpu')
jax.ffi.register_ffi_target('silu_bwd', jax.ffi.pycapsule(k.SiluBwd), platform='cpu')

fc = partial(jax.ffi.ffi_call, 'silu', vmap_method='broadcast_all')
bc = partial(jax.ffi.ffi_call, 'silu_bwd', vmap_method='broadcast_all')


@jax.custom_vjp
def silu_ffi(x):
    return fc(jax.ShapeDtypeStruct(x.shape, x.dtype))(x)


def fw(x):
    return silu_ffi(x), x


def bw(x, g):
    return (bc(jax.ShapeDtypeStruct(x.shape, x.dtype))(x, g),)


silu_ffi.defvjp(fw, bw)
