# Correct, written differently: targets registered in a loop, ffi_call with vmap_method="sequential"
# (one kernel call per example under vmap), named fwd/bwd rules.
lib = jaxcourse.load_kernel("silu.cc")
for target, handler in {"silu": lib.Silu, "silu_bwd": lib.SiluBwd}.items():
    jax.ffi.register_ffi_target(target, jax.ffi.pycapsule(handler), platform="cpu")


def _like(x):
    return jax.ShapeDtypeStruct(jnp.shape(x), jnp.float32)


@jax.custom_vjp
def silu_ffi(x):
    return jax.ffi.ffi_call("silu", _like(x), vmap_method="sequential")(x)


def silu_fwd(x):
    return silu_ffi(x), (x,)


def silu_bwd(residuals, cotangent):
    (x,) = residuals
    return (jax.ffi.ffi_call("silu_bwd", _like(x), vmap_method="sequential")(x, cotangent),)


silu_ffi.defvjp(silu_fwd, silu_bwd)
