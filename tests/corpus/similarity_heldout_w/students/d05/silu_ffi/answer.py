# 在这里编译并注册 silu.cc(FFI target "silu" 和 "silu_bwd"),再用 jax.custom_vjp 定义 silu_ffi(x)。
silu_lib = jaxcourse.load_kernel("silu.cc")
jax.ffi.register_ffi_target("silu", jax.ffi.pycapsule(silu_lib.Silu), platform="cpu")
jax.ffi.register_ffi_target("silu_bwd", jax.ffi.pycapsule(silu_lib.SiluBwd), platform="cpu")

import enum


class Target(enum.Enum):
    FWD = "silu"
    BWD = "silu_bwd"


def _run(target, x, *more):
    return jax.ffi.ffi_call(target.value, jax.ShapeDtypeStruct(x.shape, x.dtype),
                            vmap_method="broadcast_all")(x, *more)


@jax.custom_vjp
def silu_ffi(x):
    return _run(Target.FWD, x)


def _fwd(x):
    return _run(Target.FWD, x), x


def _bwd(x, g):
    return (_run(Target.BWD, x, g),)


silu_ffi.defvjp(_fwd, _bwd)
