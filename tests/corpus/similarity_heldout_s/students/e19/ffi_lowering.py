rms_norm_prim_p = Primitive("rms_norm_prim")


@rms_norm_prim_p.def_abstract_eval
def _rms_abstract(x, *, eps):
    """Same shape and dtype as the input.

    >>> rms_norm_prim_p.abstract_eval(ShapedArray((2, 3), jnp.float32), eps=np.float32(1e-5))[0].shape
    (2, 3)
    """
    return ShapedArray(x.shape, x.dtype)


rms_norm_prim_p.def_impl(partial(xla.apply_primitive, rms_norm_prim_p))
mlir.register_lowering(rms_norm_prim_p, jax.ffi.ffi_lowering("rms_norm"), platform="cpu")


def _rms_batch(args, dims, *, eps):
    """The kernel normalises the last axis: the batch axis goes first."""
    (x,), (bd,) = args, dims
    out = rms_norm_prim_p.bind(jax.lax.transpose(x, (bd, *(i for i in range(x.ndim) if i != bd))), eps=eps)
    return out, 0


batching.primitive_batchers[rms_norm_prim_p] = _rms_batch
