# Exercise 4: custom primitive whose CPU lowering is the FFI target "rms_norm".
rms_norm_prim_p = Primitive("rms_norm_prim")


def _rms_norm_prim_abstract_eval(x: ShapedArray, *, eps) -> ShapedArray:
    """Output aval: the input's shape and dtype."""
    return ShapedArray(x.shape, x.dtype)


def _rms_norm_prim_batcher(batched_args, batch_dims, *, eps):
    """Move the batch axis next to the front (axis 0); the kernel treats it as more rows."""
    (x,), (batch_dim,) = batched_args, batch_dims
    if batch_dim != 0:
        perm = [batch_dim, *[axis for axis in range(x.ndim) if axis != batch_dim]]
        x = jnp.transpose(x, perm)
    return rms_norm_prim_p.bind(x, eps=eps), 0


rms_norm_prim_p.def_abstract_eval(_rms_norm_prim_abstract_eval)
mlir.register_lowering(rms_norm_prim_p, jax.ffi.ffi_lowering("rms_norm"), platform="cpu")
# The eager impl reuses the lowering: apply_primitive jit-compiles the one primitive.
rms_norm_prim_p.def_impl(partial(xla.apply_primitive, rms_norm_prim_p))
batching.primitive_batchers[rms_norm_prim_p] = _rms_norm_prim_batcher
