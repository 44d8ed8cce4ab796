lib = jaxcourse.load_kernel("silu.cc")
jax.ffi.register_ffi_target("silu", jax.ffi.pycapsule(lib.Silu), platform="cpu")
jax.ffi.register_ffi_target("silu_bwd", jax.ffi.pycapsule(lib.SiluBwd), platform="cpu")
S = lambda x: jax.ShapeDtypeStruct(x.shape, x.dtype)


@jax.custom_vjp
def silu_ffi(x):
    return jax.ffi.ffi_call('silu', S(x), vmap_method='broadcast_all')(x)


silu_ffi.defvjp(lambda x: (silu_ffi(x), x),
                lambda x, g: (jax.ffi.ffi_call('silu_bwd', S(x), vmap_method='broadcast_all')(x, g),))
