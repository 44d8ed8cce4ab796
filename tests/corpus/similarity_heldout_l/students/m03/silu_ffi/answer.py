lib = jaxcourse.load_kernel("silu.cc")
jax.ffi.register_ffi_target("silu", jax.ffi.pycapsule(lib.Silu), platform="cpu")
jax.ffi.register_ffi_target("silu_bwd", jax.ffi.pycapsule(lib.SiluBwd), platform="cpu")
call = partial(jax.ffi.ffi_call, vmap_method="broadcast_all")
silu_ffi = jax.custom_vjp(lambda x: call("silu", jax.ShapeDtypeStruct(x.shape, x.dtype))(x))
silu_ffi.defvjp(lambda x: (silu_ffi(x), x),
                lambda x, g: (call("silu_bwd", jax.ShapeDtypeStruct(x.shape, x.dtype))(x, g),))
