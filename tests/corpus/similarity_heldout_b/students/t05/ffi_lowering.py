rms_norm_prim_p = Primitive("rms_norm_prim")


@rms_norm_prim_p.def_abstract_eval
def _rms_abstract(x, *, eps):
    # same shape and dtype as the input
    return ShapedArray(x.shape, x.dtype)


rms_norm_prim_p.def_impl(lambda *args, **params: xla.apply_primitive(rms_norm_prim_p, *args, **params))
mlir.register_lowering(rms_norm_prim_p, jax.ffi.ffi_lowering("rms_norm"), platform="cpu")


def _rms_batch(batched_args, batch_dims, *, eps):
    (x,), (bd,) = batched_args, batch_dims
    if bd == x.ndim - 1:
        # only a trailing batch axis has to move
        x = jnp.moveaxis(x, bd, 0)
        bd = 0
    return rms_norm_prim_p.bind(x, eps=eps), bd


batching.primitive_batchers[rms_norm_prim_p] = _rms_batch
