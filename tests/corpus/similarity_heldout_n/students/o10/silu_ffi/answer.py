kernelLib = jaxcourse.load_kernel("silu.cc")
jax.ffi.register_ffi_target("silu", jax.ffi.pycapsule(kernelLib.Silu), platform="cpu")
jax.ffi.register_ffi_target("silu_bwd", jax.ffi.pycapsule(kernelLib.SiluBwd), platform="cpu")


def outSpec(x):
    return jax.ShapeDtypeStruct(x.shape, x.dtype)


@jax.custom_vjp
def silu_ffi(x):
    return jax.ffi.ffi_call("silu", outSpec(x), vmap_method="broadcast_all")(x)


def siluFwd(x):
    return silu_ffi(x), x


def siluBwd(savedX, ctY):
    ctX = jax.ffi.ffi_call("silu_bwd", outSpec(savedX), vmap_method="broadcast_all")(savedX, ctY)
    return (ctX,)


silu_ffi.defvjp(siluFwd, siluBwd)
