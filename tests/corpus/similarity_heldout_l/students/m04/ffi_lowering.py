rms_norm_prim_p = Primitive("rms_norm_prim")


def _abstract_eval(x, *, eps):
    """RMSNorm keeps the shape and dtype of its input."""
    return ShapedArray(x.shape, x.dtype)


def _batching_rule(batched_args, batch_dims, *, eps):
    """Put the batch axis in front (never the normalised last axis) and normalise there."""
    x, = batched_args
    bd, = batch_dims
    x_front = jnp.transpose(x, (bd,) + tuple(i for i in range(x.ndim) if i != bd))
    return rms_norm_prim_p.bind(x_front, eps=eps), 0


rms_norm_prim_p.def_abstract_eval(_abstract_eval)
rms_norm_prim_p.def_impl(partial(xla.apply_primitive, rms_norm_prim_p))
mlir.register_lowering(rms_norm_prim_p, jax.ffi.ffi_lowering("rms_norm"), platform="cpu")
batching.primitive_batchers[rms_norm_prim_p] = _batching_rule
