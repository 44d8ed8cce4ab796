# ✍️ 练习 3
_lib = jaxcourse.load_kernel("silu.cc")
for _name, _sym in (("silu", _lib.Silu), ("silu_bwd", _lib.SiluBwd)):
    jax.ffi.register_ffi_target(_name, jax.ffi.pycapsule(_sym), platform="cpu")


def _like(x):
    return jax.ShapeDtypeStruct(x.shape, x.dtype)


@jax.custom_vjp
def silu_ffi(x):
    return jax.ffi.ffi_call("silu", _like(x), vmap_method="broadcast_all")(x)


def _fwd(x):
    y = jax.ffi.ffi_call("silu", _like(x), vmap_method="broadcast_all")(x)
    return y, x


def _bwd(x, g):
    return (jax.ffi.ffi_call("silu_bwd", _like(x), vmap_method="broadcast_all")(x, g),)


silu_ffi.defvjp(_fwd, _bwd)
