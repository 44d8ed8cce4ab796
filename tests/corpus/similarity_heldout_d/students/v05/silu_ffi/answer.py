kernels = jaxcourse.load_kernel("silu.cc")
jax.ffi.register_ffi_target("silu", jax.ffi.pycapsule(kernels.Silu), platform="cpu")
jax.ffi.register_ffi_target("silu_bwd", jax.ffi.pycapsule(kernels.SiluBwd), platform="cpu")


def _out_like(x: jax.Array) -> jax.ShapeDtypeStruct:
    return jax.ShapeDtypeStruct(x.shape, x.dtype)


@jax.custom_vjp
def silu_ffi(x: jax.Array) -> jax.Array:
    return jax.ffi.ffi_call("silu", _out_like(x), vmap_method="broadcast_all")(x)


def _silu_fwd(x: jax.Array):
    # the input is the only residual the backward kernel needs
    return silu_ffi(x), x


def _silu_bwd(x: jax.Array, ct: jax.Array):
    return (jax.ffi.ffi_call("silu_bwd", _out_like(x), vmap_method="broadcast_all")(x, ct),)


silu_ffi.defvjp(_silu_fwd, _silu_bwd)
