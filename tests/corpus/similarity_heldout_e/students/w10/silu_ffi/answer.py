kernels = jaxcourse.load_kernel("silu.cc")
jax.ffi.register_ffi_target("silu", jax.ffi.pycapsule(kernels.Silu), platform="cpu")
jax.ffi.register_ffi_target("silu_bwd", jax.ffi.pycapsule(kernels.SiluBwd), platform="cpu")


def silu_fwd(x):
    """Forward rule: the kernel's output, with x kept as the residual."""
    y = jax.ffi.ffi_call("silu", jax.ShapeDtypeStruct(x.shape, x.dtype), vmap_method="broadcast_all")(x)
    return y, x


def silu_bwd(x, ct):
    """Backward rule: the backward kernel applied to (x, ct)."""
    out_type = jax.ShapeDtypeStruct(x.shape, x.dtype)
    return (jax.ffi.ffi_call("silu_bwd", out_type, vmap_method="broadcast_all")(x, ct),)


@jax.custom_vjp
def silu_ffi(x):
    """SiLU computed by the C++ kernel."""
    return silu_fwd(x)[0]


silu_ffi.defvjp(silu_fwd, silu_bwd)
