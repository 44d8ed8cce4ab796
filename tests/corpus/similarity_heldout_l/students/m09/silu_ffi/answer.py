lib = jaxcourse.load_kernel("silu.cc")
jax.ffi.register_ffi_target("silu", jax.ffi.pycapsule(lib.Silu), platform="cpu")
jax.ffi.register_ffi_target("silu_bwd", jax.ffi.pycapsule(lib.SiluBwd), platform="cpu")
fwd_call = jax.ffi.ffi_call
bwd_call = jax.ffi.ffi_call


def silu_ffi_impl(x):
    s = jax.ShapeDtypeStruct(x.shape, x.dtype)
    return fwd_call("silu", s, vmap_method="broadcast_all")(x)


@jax.custom_vjp
def silu_ffi(x):
    return silu_ffi_impl(x)


def f(x):
    return silu_ffi_impl(x), x


def b(x, g):
    s = jax.ShapeDtypeStruct(x.shape, x.dtype)
    return (bwd_call("silu_bwd", s, vmap_method="broadcast_all")(x, g),)


silu_ffi.defvjp(f, b)
