# 1. compile silu.cc and register both targets
silu_lib = jaxcourse.load_kernel("silu.cc")
jax.ffi.register_ffi_target("silu", jax.ffi.pycapsule(silu_lib.Silu), platform="cpu")
jax.ffi.register_ffi_target("silu_bwd", jax.ffi.pycapsule(silu_lib.SiluBwd), platform="cpu")


# 2. the primal calls the forward kernel
@jax.custom_vjp
def silu_ffi(x):
    result_type = jax.ShapeDtypeStruct(x.shape, x.dtype)
    return jax.ffi.ffi_call("silu", result_type, vmap_method="broadcast_all")(x)


# 3. the forward rule keeps x for the backward pass
def silu_ffi_fwd(x):
    return silu_ffi(x), x


# 4. the backward rule calls the backward kernel
def silu_ffi_bwd(x, ct_y):
    result_type = jax.ShapeDtypeStruct(x.shape, x.dtype)
    return (jax.ffi.ffi_call("silu_bwd", result_type, vmap_method="broadcast_all")(x, ct_y),)


# 5. connect the rules
silu_ffi.defvjp(silu_ffi_fwd, silu_ffi_bwd)
