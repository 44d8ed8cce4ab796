lib = jaxcourse.load_kernel("silu.cc")
jax.ffi.register_ffi_target("silu", jax.ffi.pycapsule(lib.Silu), platform="cpu")
jax.ffi.register_ffi_target("silu_bwd", jax.ffi.pycapsule(lib.SiluBwd), platform="cpu")


def fwd_call(x):
    return jax.ffi.ffi_call("silu", jax.ShapeDtypeStruct(x.shape, x.dtype), vmap_method="sequential")(x)


def bwd_call(x, g):
    return jax.ffi.ffi_call("silu_bwd", jax.ShapeDtypeStruct(x.shape, x.dtype), vmap_method="sequential")(x, g)


silu_ffi = jax.custom_vjp(fwd_call)
silu_ffi.defvjp(lambda x: (fwd_call(x), x), lambda x, g: (bwd_call(x, g),))
