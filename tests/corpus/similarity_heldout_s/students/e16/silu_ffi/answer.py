silu_lib = jaxcourse.load_kernel("silu.cc")
jax.ffi.register_ffi_target("silu", jax.ffi.pycapsule(silu_lib.Silu), platform="cpu")
jax.ffi.register_ffi_target("silu_bwd", jax.ffi.pycapsule(silu_lib.SiluBwd), platform="cpu")


def outSpecOf(x):
    return jax.ShapeDtypeStruct(x.shape, x.dtype)


@jax.custom_vjp
def silu_ffi(x):
    return jax.ffi.ffi_call("silu", outSpecOf(x), vmap_method="broadcast_all")(x)


def siluFwdRule(x):
    yVal = silu_ffi(x)
    return yVal, x


def siluBwdRule(savedX, ctY):
    ctX = jax.ffi.ffi_call("silu_bwd", outSpecOf(savedX), vmap_method="broadcast_all")(savedX, ctY)
    return (ctX,)


silu_ffi.defvjp(siluFwdRule, siluBwdRule)
