silu_lib = jaxcourse.load_kernel("silu.cc")
jax.ffi.register_ffi_target("silu", jax.ffi.pycapsule(silu_lib.Silu), platform="cpu")
jax.ffi.register_ffi_target("silu_bwd", jax.ffi.pycapsule(silu_lib.SiluBwd), platform="cpu")

sd = lambda x: jax.ShapeDtypeStruct(x.shape, x.dtype)
silu_ffi = jax.custom_vjp(lambda x: jax.ffi.ffi_call("silu", sd(x), vmap_method="broadcast_all")(x))
silu_ffi.defvjp(lambda x: (silu_ffi(x), x),
                lambda x, g: (jax.ffi.ffi_call("silu_bwd", sd(x), vmap_method="broadcast_all")(x, g),))
