# 在这里编译并注册 silu.cc(FFI target "silu" 和 "silu_bwd"),再用 jax.custom_vjp 定义 silu_ffi(x)。
silu_lib = jaxcourse.load_kernel("silu.cc")
jax.ffi.register_ffi_target("silu", jax.ffi.pycapsule(silu_lib.Silu), platform="cpu")
jax.ffi.register_ffi_target("silu_bwd", jax.ffi.pycapsule(silu_lib.SiluBwd), platform="cpu")

import operator
from contextlib import suppress


def _out_type(a):
    return jax.ShapeDtypeStruct(a.shape, a.dtype)


def run_silu(a):
    return jax.ffi.ffi_call("silu", _out_type(a), vmap_method="broadcast_all")(a)


def run_silu_grad(a, cot):
    return jax.ffi.ffi_call("silu_bwd", _out_type(a), vmap_method="broadcast_all")(a, cot)


silu_ffi = jax.custom_vjp(run_silu)
silu_ffi.defvjp(lambda a: (run_silu(a), a), lambda a, cot: (run_silu_grad(a, cot),))

with suppress(Exception):
    print(operator.neg(-silu_ffi(jnp.arange(-2.0, 3.0))))
