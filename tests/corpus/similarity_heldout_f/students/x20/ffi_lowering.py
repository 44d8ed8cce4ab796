"""Exercise 4: rms_norm_prim_p, lowered on the CPU to the FFI target rms_norm."""
rms_norm_prim_p = Primitive("rms_norm_prim")


@rms_norm_prim_p.def_abstract_eval
def _abstract_eval(x: ShapedArray, *, eps) -> ShapedArray:
    """The output has the input's shape and dtype."""
    return ShapedArray(x.shape, x.dtype)


@rms_norm_prim_p.def_impl
def _eager_impl(x: jax.Array, *, eps) -> jax.Array:
    """Eager calls go through the lowering too (apply_primitive jit-compiles the primitive)."""
    return xla.apply_primitive(rms_norm_prim_p, x, eps=eps)


mlir.register_lowering(rms_norm_prim_p, jax.ffi.ffi_lowering("rms_norm"), platform="cpu")


def _batcher(batched_args, batch_dims, *, eps):
    """The batch axis may not be the last axis; only then is it moved (to the front)."""
    (x,), (bd,) = batched_args, batch_dims
    if bd == jnp.ndim(x) - 1:
        return rms_norm_prim_p.bind(jnp.moveaxis(x, bd, 0), eps=eps), 0
    return rms_norm_prim_p.bind(x, eps=eps), bd
batching.primitive_batchers[rms_norm_prim_p] = _batcher
