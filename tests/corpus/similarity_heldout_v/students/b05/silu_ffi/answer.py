silu_lib = jaxcourse.load_kernel("silu.cc")
jax.ffi.register_ffi_target("silu", jax.ffi.pycapsule(silu_lib.Silu), platform="cpu")
jax.ffi.register_ffi_target("silu_bwd", jax.ffi.pycapsule(silu_lib.SiluBwd), platform="cpu")

from collections import defaultdict

# every target is called with the whole batch at once
_methods = defaultdict(lambda: "broadcast_all")


def _kernel_call(name, ref, *args):
    spec = jax.ShapeDtypeStruct(ref.shape, ref.dtype)
    return jax.ffi.ffi_call(name, spec, vmap_method=_methods[name])(*args)


@jax.custom_vjp
def silu_ffi(x):
    return _kernel_call("silu", x, x)


def _forward(v):
    return _kernel_call("silu", v, v), v


def _backward(v, g):
    return (_kernel_call("silu_bwd", v, v, g),)


silu_ffi.defvjp(_forward, _backward)
