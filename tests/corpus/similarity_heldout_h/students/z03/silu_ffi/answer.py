lib = jaxcourse.load_kernel('silu.cc')
for name, sym in (('silu', lib.Silu), ('silu_bwd', lib.SiluBwd)):
    jax.ffi.register_ffi_target(name, jax.ffi.pycapsule(sym), platform='cpu')


def _call(name, x, *a):
    return jax.ffi.ffi_call(name, jax.ShapeDtypeStruct(x.shape, x.dtype), vmap_method='broadcast_all')(x, *a)


@jax.custom_vjp
def silu_ffi(x):
    return _call('silu', x)


silu_ffi.defvjp(lambda x: (_call('silu', x), x), lambda x, g: (_call('silu_bwd', x, g),))
