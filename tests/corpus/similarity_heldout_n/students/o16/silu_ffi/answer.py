for target, handler in (("silu", (lib := jaxcourse.load_kernel("silu.cc")).Silu), ("silu_bwd", lib.SiluBwd)):
    jax.ffi.register_ffi_target(target, jax.ffi.pycapsule(handler), platform="cpu")


@jax.custom_vjp
def silu_ffi(x):
    return jax.ffi.ffi_call("silu", jax.ShapeDtypeStruct(x.shape, x.dtype), vmap_method="broadcast_all")(x)


def silu_fwd(x):
    return (y := silu_ffi(x)), x


def silu_bwd(x, ct):
    call = jax.ffi.ffi_call("silu_bwd", jax.ShapeDtypeStruct(x.shape, x.dtype), vmap_method="broadcast_all")
    return (call(x, ct),)


silu_ffi.defvjp(silu_fwd, silu_bwd)
