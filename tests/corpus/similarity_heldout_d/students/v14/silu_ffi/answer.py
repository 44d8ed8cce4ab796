from functools import partial

library = jaxcourse.load_kernel('silu.cc')
for target, handler in {'silu': library.Silu, 'silu_bwd': library.SiluBwd}.items():
    jax.ffi.register_ffi_target(target, jax.ffi.pycapsule(handler), platform='cpu')


def _ffi(target: str, x: jax.Array, *operands: jax.Array) -> jax.Array:
    spec = jax.ShapeDtypeStruct(x.shape, x.dtype)
    return jax.ffi.ffi_call(target, spec, vmap_method='broadcast_all')(x, *operands)


@jax.custom_vjp
def silu_ffi(x: jax.Array) -> jax.Array:
    return _ffi('silu', x)


def _fwd(x: jax.Array) -> tuple:
    return _ffi('silu', x), x


# the residual is x; silu_bwd takes (x, ct_y)
silu_ffi.defvjp(_fwd, lambda x, ct: (partial(_ffi, 'silu_bwd')(x, ct),))
