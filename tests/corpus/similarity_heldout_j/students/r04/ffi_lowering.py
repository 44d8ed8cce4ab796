rms_norm_prim_p = Primitive("rms_norm_prim")


def _abstract(x, *, eps):
    """Output aval: the input's shape and dtype."""
    return ShapedArray(x.shape, x.dtype)


def _impl(x, *, eps):
    """Eager: compile the single primitive through its lowering and run it."""
    return xla.apply_primitive(rms_norm_prim_p, x, eps=eps)


def _batch(args, dims, *, eps):
    """Batch axis moved to the second-to-last position (never the normalised last axis)."""
    (x,), (bd,) = args, dims
    target = x.ndim - 2
    return rms_norm_prim_p.bind(jnp.moveaxis(x, bd, target), eps=eps), target


rms_norm_prim_p.def_abstract_eval(_abstract)
rms_norm_prim_p.def_impl(_impl)
mlir.register_lowering(rms_norm_prim_p, jax.ffi.ffi_lowering("rms_norm"), platform="cpu")
batching.primitive_batchers[rms_norm_prim_p] = _batch
