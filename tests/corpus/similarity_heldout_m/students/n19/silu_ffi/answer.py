silu_lib = jaxcourse.load_kernel("silu.cc")
jax.ffi.register_ffi_target("silu", jax.ffi.pycapsule(silu_lib.Silu), platform="cpu")
jax.ffi.register_ffi_target("silu_bwd", jax.ffi.pycapsule(silu_lib.SiluBwd), platform="cpu")


@jax.custom_vjp
def silu_ffi(x):
    """SiLU computed by the ``silu`` FFI kernel.

    The backward pass saves ``x`` and calls ``silu_bwd``, which multiplies
    the SiLU derivative by the incoming cotangent inside the kernel.
    """
    return jax.ffi.ffi_call("silu", jax.ShapeDtypeStruct(x.shape, x.dtype), vmap_method="broadcast_all")(x)


def silu_ffi_forward(x):
    """Forward rule: the output and the residual ``x``."""
    return silu_ffi(x), x


def silu_ffi_backward(residual_x, cotangent):
    """Backward rule: a one-tuple with the cotangent of ``x``."""
    spec = jax.ShapeDtypeStruct(residual_x.shape, residual_x.dtype)
    return (jax.ffi.ffi_call("silu_bwd", spec, vmap_method="broadcast_all")(residual_x, cotangent),)


silu_ffi.defvjp(silu_ffi_forward, silu_ffi_backward)
