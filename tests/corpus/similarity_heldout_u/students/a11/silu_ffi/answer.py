silu_lib = jaxcourse.load_kernel("silu.cc")
jax.ffi.register_ffi_target("silu", jax.ffi.pycapsule(silu_lib.Silu), platform="cpu")
jax.ffi.register_ffi_target("silu_bwd", jax.ffi.pycapsule(silu_lib.SiluBwd), platform="cpu")


def _invoke(target, arr, *extra):
    return jax.ffi.ffi_call(target, jax.ShapeDtypeStruct(arr.shape, arr.dtype), vmap_method="broadcast_all")(arr, *extra)


@jax.custom_vjp
def silu_ffi(x):
    return _invoke("silu", x)


def _forward(arr):
    # keep the input as the residual
    return _invoke("silu", arr), arr


def _backward(arr, cot):
    return (_invoke("silu_bwd", arr, cot),)


silu_ffi.defvjp(_forward, _backward)
