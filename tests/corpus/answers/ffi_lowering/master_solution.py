# The master notebook's solution (solutions/ch05_interop.ipynb).
rms_norm_prim_p = Primitive("rms_norm_prim")


@rms_norm_prim_p.def_abstract_eval
def _rms_norm_prim_abstract_eval(x, *, eps):
    if x.ndim < 1 or x.dtype != jnp.float32:
        raise TypeError(f"rms_norm_prim expects a float32 array with ndim >= 1, got {x.dtype}{list(x.shape)}")
    return ShapedArray(x.shape, x.dtype)


# The params of bind (eps) become the FFI call's attributes, so eps must be a float32 scalar.
mlir.register_lowering(rms_norm_prim_p, jax.ffi.ffi_lowering("rms_norm"), platform="cpu")
# Eager evaluation compiles this single primitive with the lowering above and runs it.
rms_norm_prim_p.def_impl(partial(xla.apply_primitive, rms_norm_prim_p))


def _rms_norm_prim_batch(batched_args, batch_dims, *, eps):
    (x,), (bd,) = batched_args, batch_dims
    # The kernel normalises the last axis and treats all leading axes as rows: any batch position other
    # than the last one is fine, and axis 0 is never the last axis of a batched (ndim >= 2) input.
    return rms_norm_prim_p.bind(jnp.moveaxis(x, bd, 0), eps=eps), 0


batching.primitive_batchers[rms_norm_prim_p] = _rms_norm_prim_batch
