silu_lib = jaxcourse.load_kernel("silu.cc")
jax.ffi.register_ffi_target("silu", jax.ffi.pycapsule(silu_lib.Silu), platform="cpu")
jax.ffi.register_ffi_target("silu_bwd", jax.ffi.pycapsule(silu_lib.SiluBwd), platform="cpu")


def _call(name, *operands):
    x = operands[0]
    return jax.ffi.ffi_call(name, jax.ShapeDtypeStruct(x.shape, x.dtype), vmap_method="broadcast_all")(*operands)


silu_ffi = jax.custom_vjp(lambda x: _call("silu", x))
silu_ffi.defvjp(lambda x: (_call("silu", x), x), lambda x, g: tuple(map(lambda v: v, [_call("silu_bwd", x, g)])))
