rms_norm_prim_p = Primitive("rms_norm_prim")


def _rms_abstract(x, *, eps):
    """Abstract evaluation.

    :param x: the input's abstract value
    :param eps: the epsilon attribute (unused here)
    :returns: the same shape and dtype
    """
    return ShapedArray(x.shape, x.dtype)


def _rms_batch(args, dims, *, eps):
    """Batching rule.

    :param args: (x,) with the batch axis at dims[0]
    :param dims: (bd,)
    :returns: (out, 0), the batch axis moved to the front
    """
    return rms_norm_prim_p.bind(jnp.moveaxis(args[0], dims[0], 0), eps=eps), 0


rms_norm_prim_p.def_abstract_eval(_rms_abstract)
mlir.register_lowering(rms_norm_prim_p, jax.ffi.ffi_lowering("rms_norm"), platform="cpu")
rms_norm_prim_p.def_impl(partial(xla.apply_primitive, rms_norm_prim_p))
batching.primitive_batchers[rms_norm_prim_p] = _rms_batch
