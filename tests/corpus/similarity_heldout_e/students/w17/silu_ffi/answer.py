L = jaxcourse.load_kernel("silu.cc")
jax.ffi.register_ffi_target(
    "silu",
    jax.ffi.pycapsule(L.Silu),
    platform="cpu",
)
jax.ffi.register_ffi_target(
    "silu_bwd",
    jax.ffi.pycapsule(L.SiluBwd),
    platform="cpu",
)


def _c(name, x, *a):
    return jax.ffi.ffi_call(
        name,
        jax.ShapeDtypeStruct(x.shape, x.dtype),
        vmap_method="broadcast_all",
    )(x, *a)


@jax.custom_vjp
def silu_ffi(x):
    return _c("silu", x)


silu_ffi.defvjp(
    lambda x: (_c("silu", x), x),
    lambda x, g: (_c("silu_bwd", x, g),),
)
