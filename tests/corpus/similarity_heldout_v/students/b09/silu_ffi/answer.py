silu_lib = jaxcourse.load_kernel("silu.cc")
jax.ffi.register_ffi_target("silu", jax.ffi.pycapsule(silu_lib.Silu), platform="cpu")
jax.ffi.register_ffi_target("silu_bwd", jax.ffi.pycapsule(silu_lib.SiluBwd), platform="cpu")


def _spec(x):
    return jax.ShapeDtypeStruct(x.shape, x.dtype)


def _call(target, x, *rest):
    return jax.ffi.ffi_call(target, _spec(x), vmap_method="broadcast_all")(x, *rest)


def _fwd(x):
    return _call("silu", x), x


def _bwd(x, g):
    return (_call("silu_bwd", x, g),)


@jax.custom_vjp
def silu_ffi(x):
    return _call("silu", x)


silu_ffi.defvjp(_fwd, _bwd)
