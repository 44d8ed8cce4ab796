lib = jaxcourse.load_kernel('silu.cc')
jax.ffi.register_ffi_target('silu', jax.ffi.pycapsule(lib.Silu), platform='cpu')
jax.ffi.register_ffi_target('silu_bwd', jax.ffi.pycapsule(lib.SiluBwd), platform='cpu')

fwd_call = partial(jax.ffi.ffi_call, 'silu', vmap_method='expand_dims')
bwd_call = partial(jax.ffi.ffi_call, 'silu_bwd', vmap_method='expand_dims')


@jax.custom_vjp
def silu_ffi(x):
    return fwd_call(jax.ShapeDtypeStruct(x.shape, x.dtype))(x)


def _f(x):
    return silu_ffi(x), x


def _b(x, g):
    return bwd_call(jax.ShapeDtypeStruct(x.shape, x.dtype))(x, g),


silu_ffi.defvjp(_f, _b)
