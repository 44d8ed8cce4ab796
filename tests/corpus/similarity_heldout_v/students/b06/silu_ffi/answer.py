silu_lib = jaxcourse.load_kernel("silu.cc")
jax.ffi.register_ffi_target("silu", jax.ffi.pycapsule(silu_lib.Silu), platform="cpu")
jax.ffi.register_ffi_target("silu_bwd", jax.ffi.pycapsule(silu_lib.SiluBwd), platform="cpu")


def siluCall(xVal):
    outSpec = jax.ShapeDtypeStruct(xVal.shape, xVal.dtype)
    return jax.ffi.ffi_call("silu", outSpec, vmap_method="broadcast_all")(xVal)


def siluBwdCall(xVal, ctVal):
    outSpec = jax.ShapeDtypeStruct(xVal.shape, xVal.dtype)
    return jax.ffi.ffi_call("silu_bwd", outSpec, vmap_method="broadcast_all")(xVal, ctVal)


@jax.custom_vjp
def silu_ffi(x):
    return siluCall(x)


silu_ffi.defvjp(lambda xVal: (siluCall(xVal), xVal),
                lambda xRes, ctVal: (siluBwdCall(xRes, ctVal),))
