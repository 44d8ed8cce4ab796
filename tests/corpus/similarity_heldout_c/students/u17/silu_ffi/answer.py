silu_lib = jaxcourse.load_kernel('silu.cc')
for name, sym in (('silu', 'Silu'), ('silu_bwd', 'SiluBwd')):
    jax.ffi.register_ffi_target(name, jax.ffi.pycapsule(getattr(silu_lib, sym)), platform='cpu')


def _call(target, x, *operands):
    out = jax.ShapeDtypeStruct(x.shape, jnp.float32)
    return jax.ffi.ffi_call(target, out, vmap_method='broadcast_all')(x, *operands)


@jax.custom_vjp
def silu_ffi(x):
    return _call('silu', x)


silu_ffi.defvjp(
    lambda x: (_call('silu', x), x),
    lambda x, ct: (_call('silu_bwd', x, ct),),
)
