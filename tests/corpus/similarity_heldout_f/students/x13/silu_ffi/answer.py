# compile + register
_lib = jaxcourse.load_kernel("silu.cc")
jax.ffi.register_ffi_target("silu", jax.ffi.pycapsule(_lib.Silu), platform="cpu")
jax.ffi.register_ffi_target("silu_bwd", jax.ffi.pycapsule(_lib.SiluBwd), platform="cpu")


def _kernel(name, x, *args):
    """ffi_call of `name` with a float32 result shaped like x."""
    return jax.ffi.ffi_call(name, jax.ShapeDtypeStruct(x.shape, jnp.float32), vmap_method="broadcast_all")(*args)


@jax.custom_vjp
def silu_ffi(x):
    """SiLU via the FFI kernel."""
    return _kernel("silu", x, x)


silu_ffi.defvjp(lambda x: (_kernel("silu", x, x), x), lambda x, g: (_kernel("silu_bwd", x, x, g),))
