silu_lib = jaxcourse.load_kernel("silu.cc")
jax.ffi.register_ffi_target("silu", jax.ffi.pycapsule(silu_lib.Silu), platform="cpu")
jax.ffi.register_ffi_target("silu_bwd", jax.ffi.pycapsule(silu_lib.SiluBwd), platform="cpu")

ffi = partial(jax.ffi.ffi_call, vmap_method="broadcast_all")
like = lambda x: jax.ShapeDtypeStruct(x.shape, x.dtype)

silu_ffi = jax.custom_vjp(lambda x: ffi("silu", like(x))(x))
silu_ffi.defvjp(lambda x: (silu_ffi(x), x),
                lambda x, g: (ffi("silu_bwd", like(x))(x, g),))
