silu_lib = jaxcourse.load_kernel("silu.cc")
jax.ffi.register_ffi_target("silu", jax.ffi.pycapsule(silu_lib.Silu), platform="cpu")
jax.ffi.register_ffi_target("silu_bwd", jax.ffi.pycapsule(silu_lib.SiluBwd), platform="cpu")
import functools

_call = functools.partial(jax.ffi.ffi_call, vmap_method="broadcast_all")


@jax.custom_vjp
def silu_ffi(x):
    return _call("silu", jax.ShapeDtypeStruct(x.shape, x.dtype))(x)


def _silu_fwd(x):
    return silu_ffi(x), x


def _silu_bwd(x, ct):
    return (_call("silu_bwd", jax.ShapeDtypeStruct(x.shape, x.dtype))(x, ct),)


silu_ffi.defvjp(_silu_fwd, _silu_bwd)
