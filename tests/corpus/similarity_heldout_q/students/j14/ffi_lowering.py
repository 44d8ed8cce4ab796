rms_norm_prim_p = Primitive("rms_norm_prim")
_DEBUG = False


def _abstract(x, *, eps):
    if x.ndim == 0:
        raise TypeError("rms_norm needs at least one axis")
    if _DEBUG:
        print("abstract eval", x.shape, eps)
    return ShapedArray(x.shape, x.dtype)


def _batch(args, dims, *, eps):
    x, = args
    bd, = dims
    if bd is None:
        return rms_norm_prim_p.bind(x, eps=eps), bd
    if bd < x.ndim - 1:
        return rms_norm_prim_p.bind(x, eps=eps), bd
    unused_shape = tuple(x.shape)
    return rms_norm_prim_p.bind(jnp.moveaxis(x, bd, 0), eps=eps), 0


rms_norm_prim_p.def_abstract_eval(_abstract)
rms_norm_prim_p.def_impl(partial(xla.apply_primitive, rms_norm_prim_p))
mlir.register_lowering(rms_norm_prim_p, jax.ffi.ffi_lowering("rms_norm"), platform="cpu")
batching.primitive_batchers[rms_norm_prim_p] = _batch
