silu_lib = jaxcourse.load_kernel("silu.cc")
jax.ffi.register_ffi_target("silu", jax.ffi.pycapsule(silu_lib.Silu), platform="cpu")
jax.ffi.register_ffi_target("silu_bwd", jax.ffi.pycapsule(silu_lib.SiluBwd), platform="cpu")


def _make_silu():
    def call(name, *operands):
        x = operands[0]
        return jax.ffi.ffi_call(name, jax.ShapeDtypeStruct(x.shape, x.dtype), vmap_method="broadcast_all")(*operands)

    @jax.custom_vjp
    def silu(x):
        return call("silu", x)

    def fwd(x):
        return call("silu", x), x

    def bwd(x, ct):
        return (call("silu_bwd", x, ct),)

    silu.defvjp(fwd, bwd)
    return silu


silu_ffi = _make_silu()
