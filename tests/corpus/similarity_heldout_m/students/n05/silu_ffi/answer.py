silu_lib = jaxcourse.load_kernel("silu.cc")
jax.ffi.register_ffi_target("silu", jax.ffi.pycapsule(silu_lib.Silu), platform="cpu")
jax.ffi.register_ffi_target("silu_bwd", jax.ffi.pycapsule(silu_lib.SiluBwd), platform="cpu")

def 形(x):
    return jax.ShapeDtypeStruct(x.shape, x.dtype)


@jax.custom_vjp
def silu_ffi(x):
    # 前向:调用 silu
    return jax.ffi.ffi_call("silu", 形(x), vmap_method="expand_dims")(x)


def 前向(x):
    return silu_ffi(x), x


def 反向(x, 余切):
    # 反向:调用 silu_bwd
    return (jax.ffi.ffi_call("silu_bwd", 形(x), vmap_method="expand_dims")(x, 余切),)


silu_ffi.defvjp(前向, 反向)
