# Wrong: the backward rule memoises its result per primal array (by id), as if the cotangent of x
# depended on x alone: a second gradient at the same x with other weights gets the first one's.
silu_lib = jaxcourse.load_kernel("silu.cc")
jax.ffi.register_ffi_target("silu", jax.ffi.pycapsule(silu_lib.Silu), platform="cpu")
jax.ffi.register_ffi_target("silu_bwd", jax.ffi.pycapsule(silu_lib.SiluBwd), platform="cpu")

_bwd_memo = {}


def _silu_bwd(x, g):
    return jax.ffi.ffi_call("silu_bwd", jax.ShapeDtypeStruct(x.shape, x.dtype), vmap_method="broadcast_all")(x, g)


@jax.custom_vjp
def silu_ffi(x):
    return jax.ffi.ffi_call("silu", jax.ShapeDtypeStruct(x.shape, x.dtype), vmap_method="broadcast_all")(x)


def _bwd(x, g):
    if isinstance(x, jax.core.Tracer) or isinstance(g, jax.core.Tracer):
        return (_silu_bwd(x, g),)
    hit = _bwd_memo.get(id(x))
    if hit is None or hit.shape != x.shape:
        hit = _bwd_memo[id(x)] = _silu_bwd(x, g)
    return (hit,)


silu_ffi.defvjp(lambda x: (silu_ffi(x), x), _bwd)
