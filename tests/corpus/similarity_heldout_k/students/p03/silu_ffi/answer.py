silu_lib = jaxcourse.load_kernel("silu.cc")
jax.ffi.register_ffi_target("silu", jax.ffi.pycapsule(silu_lib.Silu), platform="cpu")
jax.ffi.register_ffi_target("silu_bwd", jax.ffi.pycapsule(silu_lib.SiluBwd), platform="cpu")

_sds = lambda x: jax.ShapeDtypeStruct(x.shape, x.dtype)
_fwd = lambda x: jax.ffi.ffi_call("silu", _sds(x), vmap_method="broadcast_all")(x)
_bwd = lambda x, g: jax.ffi.ffi_call("silu_bwd", _sds(x), vmap_method="broadcast_all")(x, g)

silu_ffi = jax.custom_vjp(_fwd)
silu_ffi.defvjp(lambda x: (_fwd(x), x), lambda x, g: (_bwd(x, g),))
