rms_norm_prim_p = Primitive("rms_norm_prim")


def _abstract_eval(x, *, eps):
    """Abstract evaluation.

    Args:
      x: the input aval.
      eps: the epsilon attribute.

    Returns:
      An aval like x.
    """
    return ShapedArray(x.shape, x.dtype)


def _batch(args, dims, *, eps):
    """Batching rule.

    Args:
      args: (x,).
      dims: (batch axis,).
      eps: the epsilon attribute.

    Returns:
      (result, 0).
    """
    (x,), (bd,) = args, dims
    return rms_norm_prim_p.bind(jnp.moveaxis(x, bd, 0), eps=eps), 0


rms_norm_prim_p.def_abstract_eval(_abstract_eval)
rms_norm_prim_p.def_impl(partial(xla.apply_primitive, rms_norm_prim_p))
mlir.register_lowering(rms_norm_prim_p, jax.ffi.ffi_lowering("rms_norm"), platform="cpu")
batching.primitive_batchers[rms_norm_prim_p] = _batch
