silu_lib = jaxcourse.load_kernel("silu.cc")
jax.ffi.register_ffi_target("silu", jax.ffi.pycapsule(silu_lib.Silu), platform="cpu")
jax.ffi.register_ffi_target("silu_bwd", jax.ffi.pycapsule(silu_lib.SiluBwd), platform="cpu")


def _call(name, x, ct=None):
    spec = jax.ShapeDtypeStruct(x.shape, x.dtype)
    fn = jax.ffi.ffi_call(name, spec, vmap_method="broadcast_all")
    return fn(x) if ct is None else fn(x, ct)


@jax.custom_vjp
def silu_ffi(x):
    return _call("silu", x)


silu_ffi.defvjp(lambda x: (_call("silu", x), x), lambda x, ct: (_call("silu_bwd", x, ct),))
