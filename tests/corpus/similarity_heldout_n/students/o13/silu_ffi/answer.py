silu_lib = jaxcourse.load_kernel("silu.cc")
jax.ffi.register_ffi_target("silu", jax.ffi.pycapsule(silu_lib.Silu), platform="cpu")
jax.ffi.register_ffi_target("silu_bwd", jax.ffi.pycapsule(silu_lib.SiluBwd), platform="cpu")


@jax.custom_vjp
def silu_ffi(x):
    jieguo = jax.ShapeDtypeStruct(x.shape, x.dtype)
    return jax.ffi.ffi_call("silu", jieguo, vmap_method="broadcast_all")(x)


def silu_qianxiang(x):
    return silu_ffi(x), x


def silu_fanxiang(x, ct):
    jieguo = jax.ShapeDtypeStruct(x.shape, x.dtype)
    return (jax.ffi.ffi_call("silu_bwd", jieguo, vmap_method="broadcast_all")(x, ct),)


silu_ffi.defvjp(silu_qianxiang, silu_fanxiang)
