silu_lib = jaxcourse.load_kernel("silu.cc")
jax.ffi.register_ffi_target("silu", jax.ffi.pycapsule(silu_lib.Silu), platform="cpu")
jax.ffi.register_ffi_target("silu_bwd", jax.ffi.pycapsule(silu_lib.SiluBwd), platform="cpu")

_call = lambda t, x, *a: jax.ffi.ffi_call(t, jax.ShapeDtypeStruct(x.shape, x.dtype), vmap_method="broadcast_all")(x, *a)


@jax.custom_vjp
def silu_ffi(x):
    return _call("silu", x)


silu_ffi.defvjp(lambda x: (_call("silu", x), x), lambda x, g: (_call("silu_bwd", x, g),))
