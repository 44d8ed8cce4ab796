silu_lib = jaxcourse.load_kernel("silu.cc")
jax.ffi.register_ffi_target("silu", jax.ffi.pycapsule(silu_lib.Silu), platform="cpu")
jax.ffi.register_ffi_target("silu_bwd", jax.ffi.pycapsule(silu_lib.SiluBwd), platform="cpu")
import functools


@functools.singledispatch
def _spec(x):
    return jax.ShapeDtypeStruct(x.shape, x.dtype)


_call = functools.partial(jax.ffi.ffi_call, vmap_method="broadcast_all")


@jax.custom_vjp
def silu_ffi(x):
    return _call("silu", _spec(x))(x)


def _fwd(x):
    return silu_ffi(x), x


def _bwd(x, ct):
    return (_call("silu_bwd", _spec(x))(x, ct),)


silu_ffi.defvjp(_fwd, _bwd)
