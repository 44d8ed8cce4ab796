rms_norm_prim_p = Primitive("rms_norm_prim")


def _rms_abstract(x, *, eps):
    if x.ndim < 1:
        raise TypeError("rms_norm_prim needs at least one dimension")
    return ShapedArray(x.shape, x.dtype)


def _rms_batch(batched_args, batch_dims, *, eps):
    x, = batched_args
    b, = batch_dims
    if b is None:  # not batched
        return rms_norm_prim_p.bind(x, eps=eps), None
    x = jnp.moveaxis(x, b, 0)
    return rms_norm_prim_p.bind(x, eps=eps), 0


rms_norm_prim_p.def_abstract_eval(_rms_abstract)
rms_norm_prim_p.def_impl(partial(xla.apply_primitive, rms_norm_prim_p))
mlir.register_lowering(rms_norm_prim_p, jax.ffi.ffi_lowering("rms_norm"), platform="cpu")
batching.primitive_batchers[rms_norm_prim_p] = _rms_batch
