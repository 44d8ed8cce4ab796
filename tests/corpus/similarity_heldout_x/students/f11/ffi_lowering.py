from functools import singledispatch

rms_norm_prim_p = Primitive("rms_norm_prim")


@singledispatch
def _as_f32(eps):
    return np.float32(eps)  # a Python float or a NumPy float64 would not match Attr<float>


@_as_f32.register
def _(eps: np.float32):
    return eps


def _batch(args, dims, *, eps):
    x, = args
    bd, = dims
    return rms_norm_prim_p.bind(jnp.moveaxis(x, bd, 0), eps=_as_f32(eps)), 0


rms_norm_prim_p.def_abstract_eval(lambda x, *, eps: ShapedArray(x.shape, x.dtype))
rms_norm_prim_p.def_impl(partial(xla.apply_primitive, rms_norm_prim_p))
mlir.register_lowering(rms_norm_prim_p, jax.ffi.ffi_lowering("rms_norm"), platform="cpu")
batching.primitive_batchers[rms_norm_prim_p] = _batch
