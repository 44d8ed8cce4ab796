lib = jaxcourse.load_kernel("silu.cc")
jax.ffi.register_ffi_target("silu", jax.ffi.pycapsule(lib.Silu), platform="cpu")
jax.ffi.register_ffi_target("silu_bwd", jax.ffi.pycapsule(lib.SiluBwd), platform="cpu")


def _out(x):
    return jax.ShapeDtypeStruct(x.shape, x.dtype)


def _silu(x):
    return jax.ffi.ffi_call("silu", _out(x), vmap_method="broadcast_all")(x)


def _silu_grad(res, ct):
    x = res
    return (jax.ffi.ffi_call("silu_bwd", _out(x), vmap_method="broadcast_all")(x, ct),)  # kernel does the math


silu_ffi = jax.custom_vjp(_silu)
silu_ffi.defvjp(lambda x: (_silu(x), x), _silu_grad)
