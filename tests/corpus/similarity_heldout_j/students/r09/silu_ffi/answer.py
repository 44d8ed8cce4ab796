_lib = jaxcourse.load_kernel("silu.cc")
jax.ffi.register_ffi_target("silu", jax.ffi.pycapsule(_lib.Silu), platform="cpu")
jax.ffi.register_ffi_target("silu_bwd", jax.ffi.pycapsule(_lib.SiluBwd), platform="cpu")

_sds = lambda x: jax.ShapeDtypeStruct(x.shape, x.dtype)
_fwd = lambda x: partial(jax.ffi.ffi_call, "silu", vmap_method="broadcast_all")(_sds(x))(x)
_bwd = lambda x, g: partial(jax.ffi.ffi_call, "silu_bwd", vmap_method="broadcast_all")(_sds(x))(x, g)

silu_ffi = jax.custom_vjp(lambda x: _fwd(x))
silu_ffi.defvjp(lambda x: (_fwd(x), x), lambda x, g: (_bwd(x, g),))
