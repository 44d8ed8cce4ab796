rms_norm_prim_p = Primitive("rms_norm_prim")
rms_norm_prim_p.def_abstract_eval(lambda x, *, eps: ShapedArray(x.shape, x.dtype))
rms_norm_prim_p.def_impl(partial(xla.apply_primitive, rms_norm_prim_p))
mlir.register_lowering(rms_norm_prim_p, jax.ffi.ffi_lowering("rms_norm"), platform="cpu")


def _needs_move(x, d):
    return d == x.ndim - 1


def _front(x, d):
    return jnp.moveaxis(x, d, 0), 0


def _batch(args, dims, *, eps):
    x, = args
    d, = dims
    if _needs_move(x, d):
        x, d = _front(x, d)
    return rms_norm_prim_p.bind(x, eps=eps), d


batching.primitive_batchers[rms_norm_prim_p] = _batch
