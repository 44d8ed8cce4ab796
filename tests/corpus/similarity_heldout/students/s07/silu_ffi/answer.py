lib = jaxcourse.load_kernel("silu.cc")
jax.ffi.register_ffi_target("silu", jax.ffi.pycapsule(lib.Silu), platform="cpu")
jax.ffi.register_ffi_target("silu_bwd", jax.ffi.pycapsule(lib.SiluBwd), platform="cpu")


@jax.custom_vjp
def silu_ffi(x):
    y_type = jax.ShapeDtypeStruct(x.shape, x.dtype)
    return jax.ffi.ffi_call("silu", y_type, vmap_method="broadcast_all")(x)


def silu_ffi_fwd(x):
    return silu_ffi(x), x


def silu_ffi_bwd(x, ct_y):
    ct_type = jax.ShapeDtypeStruct(x.shape, x.dtype)
    ct_x = jax.ffi.ffi_call("silu_bwd", ct_type, vmap_method="broadcast_all")(x, ct_y)
    return (ct_x,)


silu_ffi.defvjp(silu_ffi_fwd, silu_ffi_bwd)
