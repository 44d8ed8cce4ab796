silu_lib = jaxcourse.load_kernel("silu.cc")
jax.ffi.register_ffi_target("silu", jax.ffi.pycapsule(silu_lib.Silu), platform="cpu")
jax.ffi.register_ffi_target("silu_bwd", jax.ffi.pycapsule(silu_lib.SiluBwd), platform="cpu")

call = lambda name, x, *ops: jax.ffi.ffi_call(name, jax.ShapeDtypeStruct(x.shape, x.dtype),
                                              vmap_method="broadcast_all")(x, *ops)


@jax.custom_vjp
def silu_ffi(x):
    return call("silu", x)


silu_ffi.defvjp(lambda x: (call("silu", x), x), lambda x, g: (call("silu_bwd", x, g),))
