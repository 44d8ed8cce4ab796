lib = jaxcourse.load_kernel("silu.cc")
[jax.ffi.register_ffi_target(n, jax.ffi.pycapsule(getattr(lib, s)), platform="cpu")
 for n, s in [("silu", "Silu"), ("silu_bwd", "SiluBwd")]]


@jax.custom_vjp
def silu_ffi(x):
    return jax.ffi.ffi_call("silu", jax.ShapeDtypeStruct(x.shape, x.dtype), vmap_method="broadcast_all")(x)


silu_ffi.defvjp(
    lambda x: (silu_ffi(x), x),
    lambda x, g: (jax.ffi.ffi_call("silu_bwd", jax.ShapeDtypeStruct(x.shape, x.dtype),
                                   vmap_method="broadcast_all")(x, g),),
)
