silu_lib = jaxcourse.load_kernel("silu.cc")
jax.ffi.register_ffi_target("silu", jax.ffi.pycapsule(silu_lib.Silu), platform="cpu")
jax.ffi.register_ffi_target("silu_bwd", jax.ffi.pycapsule(silu_lib.SiluBwd), platform="cpu")
import operator

_shape_of = operator.attrgetter("shape", "dtype")


def _ffi(name, *xs):
    return jax.ffi.ffi_call(name, jax.ShapeDtypeStruct(*_shape_of(xs[0])), vmap_method="broadcast_all")(*xs)


@jax.custom_vjp
def silu_ffi(x):
    return _ffi("silu", x)


silu_ffi.defvjp(lambda x: (_ffi("silu", x), x), lambda x, ct: (_ffi("silu_bwd", x, ct),))
