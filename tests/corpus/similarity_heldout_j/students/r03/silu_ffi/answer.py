lib = jaxcourse.load_kernel("silu.cc")
[jax.ffi.register_ffi_target(n, jax.ffi.pycapsule(getattr(lib, s)), platform="cpu") for n, s in [("silu", "Silu"), ("silu_bwd", "SiluBwd")]]

_call = lambda name, x, *rest: jax.ffi.ffi_call(name, jax.ShapeDtypeStruct(x.shape, x.dtype), vmap_method="broadcast_all")(x, *rest)


@jax.custom_vjp
def silu_ffi(x):
    return _call("silu", x)


silu_ffi.defvjp(lambda x: (_call("silu", x), x), lambda x, ct: (_call("silu_bwd", x, ct),))
