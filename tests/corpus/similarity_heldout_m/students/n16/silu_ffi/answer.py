lib = jaxcourse.load_kernel("silu.cc")
targets = {"silu": lib.Silu, "silu_bwd": lib.SiluBwd}
for name in targets:
    jax.ffi.register_ffi_target(name, jax.ffi.pycapsule(targets[name]), platform="cpu")


@jax.custom_vjp
def silu_ffi(x):
    out = jax.ShapeDtypeStruct(x.shape, x.dtype)
    return jax.ffi.ffi_call("silu", out, vmap_method="broadcast_all")(x)


def fwd(x):
    return silu_ffi(x), x


def bwd(x, ct):
    # the kernel multiplies by ct itself
    out = jax.ShapeDtypeStruct(x.shape, x.dtype)
    return (jax.ffi.ffi_call("silu_bwd", out, vmap_method="broadcast_all")(x, ct),)


silu_ffi.defvjp(fwd, bwd)
