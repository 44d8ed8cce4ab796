silu_lib = jaxcourse.load_kernel("silu.cc")
jax.ffi.register_ffi_target("silu", jax.ffi.pycapsule(silu_lib.Silu), platform="cpu")
jax.ffi.register_ffi_target("silu_bwd", jax.ffi.pycapsule(silu_lib.SiluBwd), platform="cpu")


def _call(target, x, *operands):
    spec = jax.ShapeDtypeStruct(x.shape, jnp.float32)
    return jax.ffi.ffi_call(target, spec, vmap_method="broadcast_all")(x, *operands)


@jax.custom_vjp
def silu_ffi(x):
    return _call("silu", x)


def silu_fwd(x):
    return _call("silu", x), x


def silu_bwd(res, ct):
    return (_call("silu_bwd", res, ct),)


silu_ffi.defvjp(silu_fwd, silu_bwd)
