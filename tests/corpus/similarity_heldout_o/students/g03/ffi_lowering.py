rms_norm_prim_p = Primitive("rms_norm_prim")


def _abstract_eval(x, *, eps):
    """The output has the input's shape and dtype."""
    return ShapedArray(x.shape, x.dtype)


def _impl(x, *, eps):
    """Eager evaluation: compile and run the primitive alone."""
    return xla.apply_primitive(rms_norm_prim_p, x, eps=eps)


def _batch(args, dims, *, eps):
    """Move the batch axis to the front; the kernel normalises the last axis."""
    (x,), (bd,) = args, dims
    perm = (bd,) + tuple(i for i in range(x.ndim) if i != bd)
    return rms_norm_prim_p.bind(jnp.transpose(x, perm), eps=eps), 0


rms_norm_prim_p.def_abstract_eval(_abstract_eval)
rms_norm_prim_p.def_impl(_impl)
mlir.register_lowering(rms_norm_prim_p, jax.ffi.ffi_lowering("rms_norm"), platform="cpu")
batching.primitive_batchers[rms_norm_prim_p] = _batch
