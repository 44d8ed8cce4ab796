silu_lib = jaxcourse.load_kernel("silu.cc")
jax.ffi.register_ffi_target("silu", jax.ffi.pycapsule(silu_lib.Silu), platform="cpu")
jax.ffi.register_ffi_target("silu_bwd", jax.ffi.pycapsule(silu_lib.SiluBwd), platform="cpu")


def _c(n, x, *a):
    return jax.ffi.ffi_call(n, jax.ShapeDtypeStruct(x.shape, x.dtype), vmap_method="broadcast_all")(x, *a)


silu_ffi = jax.custom_vjp(lambda x: _c("silu", x))
silu_ffi.defvjp(lambda x: (_c("silu", x), x), lambda x, g: (_c("silu_bwd", x, g),))
