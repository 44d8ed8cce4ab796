silu_lib = jaxcourse.load_kernel("silu.cc")
jax.ffi.register_ffi_target("silu", jax.ffi.pycapsule(silu_lib.Silu), platform="cpu")
jax.ffi.register_ffi_target("silu_bwd", jax.ffi.pycapsule(silu_lib.SiluBwd), platform="cpu")

_TARGETS = dict(zip(("fwd", "bwd"), ("silu", "silu_bwd")))


def _run(which, x, *more):
    spec = jax.ShapeDtypeStruct(x.shape, x.dtype)
    return jax.ffi.ffi_call(_TARGETS[which], spec, vmap_method="broadcast_all")(x, *more)


@jax.custom_vjp
def silu_ffi(x):
    return _run("fwd", x)


silu_ffi.defvjp(lambda x: (_run("fwd", x), x), lambda x, g: (_run("bwd", x, g),))
