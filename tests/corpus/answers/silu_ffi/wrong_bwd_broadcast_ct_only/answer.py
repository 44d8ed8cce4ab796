# Mistake: the backward's ffi_call uses vmap_method="expand_dims" and SiluBwd reads a smaller cotangent
# cyclically (right for vmap(grad) over x with shared weights), but with x unbatched and the cotangent
# batched (per-example weights, jax.jacrev) x is the smaller buffer: only one example's row is written.
silu_lib = jaxcourse.load_kernel("silu.cc")
jax.ffi.register_ffi_target("silu", jax.ffi.pycapsule(silu_lib.Silu), platform="cpu")
jax.ffi.register_ffi_target("silu_bwd", jax.ffi.pycapsule(silu_lib.SiluBwd), platform="cpu")


@jax.custom_vjp
def silu_ffi(x):
    return jax.ffi.ffi_call("silu", jax.ShapeDtypeStruct(x.shape, x.dtype), vmap_method="broadcast_all")(x)


silu_ffi.defvjp(
    lambda x: (silu_ffi(x), x),
    lambda x, g: (jax.ffi.ffi_call("silu_bwd", jax.ShapeDtypeStruct(x.shape, x.dtype),
                                   vmap_method="expand_dims")(x, g),))
