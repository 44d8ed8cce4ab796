# 在这里编译并注册 silu.cc(FFI target "silu" 和 "silu_bwd"),再用 jax.custom_vjp 定义 silu_ffi(x)。
silu_lib = jaxcourse.load_kernel("silu.cc")
jax.ffi.register_ffi_target("silu", jax.ffi.pycapsule(silu_lib.Silu), platform="cpu")
jax.ffi.register_ffi_target("silu_bwd", jax.ffi.pycapsule(silu_lib.SiluBwd), platform="cpu")
import functools

_shape_of = lambda x: jax.ShapeDtypeStruct(x.shape, x.dtype)
_call = functools.partial(jax.ffi.ffi_call, vmap_method="sequential")


@jax.custom_vjp
def silu_ffi(x):
    return _call("silu", _shape_of(x))(x)


def _fwd(x):
    return silu_ffi(x), x


def _bwd(x, g):
    return (_call("silu_bwd", _shape_of(x))(x, g),)


silu_ffi.defvjp(_fwd, _bwd)
