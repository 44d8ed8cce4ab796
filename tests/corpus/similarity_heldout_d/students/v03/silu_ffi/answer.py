lib = jaxcourse.load_kernel('silu.cc')
for name, fn in (('silu', lib.Silu), ('silu_bwd', lib.SiluBwd)):
    jax.ffi.register_ffi_target(name, jax.ffi.pycapsule(fn), platform='cpu')


def call(name, x, *more):
    return jax.ffi.ffi_call(name, jax.ShapeDtypeStruct(x.shape, x.dtype), vmap_method='broadcast_all')(x, *more)


@jax.custom_vjp
def silu_ffi(x):
    return call('silu', x)


silu_ffi.defvjp(lambda x: (call('silu', x), x), lambda x, g: (call('silu_bwd', x, g),))
