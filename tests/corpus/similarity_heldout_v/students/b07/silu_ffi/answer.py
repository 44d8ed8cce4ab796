silu_lib = jaxcourse.load_kernel("silu.cc")
jax.ffi.register_ffi_target("silu", jax.ffi.pycapsule(silu_lib.Silu), platform="cpu")
jax.ffi.register_ffi_target("silu_bwd", jax.ffi.pycapsule(silu_lib.SiluBwd), platform="cpu")


@jax.custom_vjp
def silu_ffi(x):
    out = jax.ShapeDtypeStruct(x.shape, x.dtype)
    return jax.ffi.ffi_call("silu", out, vmap_method="broadcast_all")(x)


def silu_fwd(x):
    return silu_ffi(x), x


def silu_bwd(x, ct):
    out = jax.ShapeDtypeStruct(x.shape, x.dtype)
    grads = [jax.ffi.ffi_call("silu_bwd", out, vmap_method="broadcast_all")(x, ct)]
    return tuple(grads[i] for i in range(len(grads)))


silu_ffi.defvjp(silu_fwd, silu_bwd)
