rms_norm_prim_p = Primitive("rms_norm_prim")


@rms_norm_prim_p.def_abstract_eval
def _rms_norm_abstract(x: ShapedArray, *, eps: float) -> ShapedArray:
    """RMS normalisation keeps the shape and dtype of its input."""
    return ShapedArray(x.shape, x.dtype)


mlir.register_lowering(rms_norm_prim_p, jax.ffi.ffi_lowering("rms_norm"), platform="cpu")
rms_norm_prim_p.def_impl(partial(xla.apply_primitive, rms_norm_prim_p))


def _rms_norm_batch(args: tuple, dims: tuple, *, eps: float) -> tuple:
    (x,), (bd,) = args, dims
    # the kernel normalises the last axis and treats the leading axes as rows,
    # so with the batch axis in front the result is batched along axis 0
    x = jnp.moveaxis(x, bd, 0)
    return rms_norm_prim_p.bind(x, eps=eps), 0


batching.primitive_batchers[rms_norm_prim_p] = _rms_norm_batch
