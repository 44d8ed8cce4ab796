# 在这里编译并注册 silu.cc(FFI target "silu" 和 "silu_bwd"),再用 jax.custom_vjp 定义 silu_ffi(x)。
silu_lib = jaxcourse.load_kernel("silu.cc")
jax.ffi.register_ffi_target("silu", jax.ffi.pycapsule(silu_lib.Silu), platform="cpu")
jax.ffi.register_ffi_target("silu_bwd", jax.ffi.pycapsule(silu_lib.SiluBwd), platform="cpu")
import textwrap
from functools import partial

_ffi = partial(jax.ffi.ffi_call, vmap_method="broadcast_all")


@jax.custom_vjp
def silu_ffi(x):
    return _ffi("silu", jax.ShapeDtypeStruct(x.shape, x.dtype))(x)


def _fwd(x):
    return silu_ffi(x), x


def _bwd(x, ct):
    return (_ffi("silu_bwd", jax.ShapeDtypeStruct(x.shape, x.dtype))(x, ct),)


silu_ffi.defvjp(_fwd, _bwd)
print(textwrap.dedent("""\
    silu_ffi: forward -> FFI target "silu", backward -> FFI target "silu_bwd"
    (both with vmap_method="broadcast_all")"""))
