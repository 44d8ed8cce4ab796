silu_lib = jaxcourse.load_kernel("silu.cc")
jax.ffi.register_ffi_target("silu", jax.ffi.pycapsule(silu_lib.Silu), platform="cpu")
jax.ffi.register_ffi_target("silu_bwd", jax.ffi.pycapsule(silu_lib.SiluBwd), platform="cpu")
import enum


class Target(str, enum.Enum):
    FWD = "silu"
    BWD = "silu_bwd"


def _call(target, x, *more):
    return jax.ffi.ffi_call(target.value, jax.ShapeDtypeStruct(x.shape, x.dtype),
                            vmap_method="broadcast_all")(x, *more)


@jax.custom_vjp
def silu_ffi(x):
    return _call(Target.FWD, x)


silu_ffi.defvjp(lambda x: (_call(Target.FWD, x), x), lambda x, g: (_call(Target.BWD, x, g),))
