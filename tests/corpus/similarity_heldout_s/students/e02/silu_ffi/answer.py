silu_lib = jaxcourse.load_kernel("silu.cc")
jax.ffi.register_ffi_target("silu", jax.ffi.pycapsule(silu_lib.Silu), platform="cpu")
jax.ffi.register_ffi_target("silu_bwd", jax.ffi.pycapsule(silu_lib.SiluBwd), platform="cpu")

_TARGETS = {"forward": "silu", "backward": "silu_bwd"}


def _run(which, x, *extra):
    return jax.ffi.ffi_call(_TARGETS[which], jax.ShapeDtypeStruct(x.shape, x.dtype),
                            vmap_method="broadcast_all")(x, *extra)


@jax.custom_vjp
def silu_ffi(x):
    return _run("forward", x)


_RULES = {
    "fwd": lambda x: (_run("forward", x), x),
    "bwd": lambda x, ct: (_run("backward", x, ct),),
}
silu_ffi.defvjp(_RULES["fwd"], _RULES["bwd"])
