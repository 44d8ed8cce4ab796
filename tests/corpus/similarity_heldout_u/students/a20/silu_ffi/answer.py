silu_lib = jaxcourse.load_kernel("silu.cc")
jax.ffi.register_ffi_target("silu", jax.ffi.pycapsule(silu_lib.Silu), platform="cpu")
jax.ffi.register_ffi_target("silu_bwd", jax.ffi.pycapsule(silu_lib.SiluBwd), platform="cpu")


class SiluTargets:
    @staticmethod
    def forward(x):
        return jax.ffi.ffi_call("silu", jax.ShapeDtypeStruct(x.shape, x.dtype), vmap_method="broadcast_all")(x)

    @staticmethod
    def backward(x, ct):
        return jax.ffi.ffi_call("silu_bwd", jax.ShapeDtypeStruct(x.shape, x.dtype),
                                vmap_method="broadcast_all")(x, ct)


@jax.custom_vjp
def silu_ffi(x):
    return SiluTargets.forward(x)


silu_ffi.defvjp(lambda x: (SiluTargets.forward(x), x), lambda x, ct: (SiluTargets.backward(x, ct),))
