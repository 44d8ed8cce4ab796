rms_norm_prim_p = Primitive("rms_norm_prim")


@rms_norm_prim_p.def_abstract_eval
def _abstract_eval(x, *, eps):
    """Same shape and dtype as the input.

    Args:
        x: input aval.
        eps: epsilon.

    Returns:
        ShapedArray of the output.
    """
    return ShapedArray(x.shape, x.dtype)


@rms_norm_prim_p.def_impl
def _impl(x, *, eps):
    """Eager evaluation through the FFI target."""
    return jax.ffi.ffi_call("rms_norm", jax.ShapeDtypeStruct(x.shape, x.dtype))(x, eps=eps)


def _batch(args, dims, *, eps):
    """Batching: bring the batch axis to the front.

    Args:
        args: (x,).
        dims: (batch dim,).
        eps: epsilon.

    Returns:
        (batched output, 0).
    """
    x = jnp.swapaxes(args[0], dims[0], 0)
    return rms_norm_prim_p.bind(x, eps=eps), 0


mlir.register_lowering(rms_norm_prim_p, jax.ffi.ffi_lowering("rms_norm"), platform="cpu")
batching.primitive_batchers[rms_norm_prim_p] = _batch
