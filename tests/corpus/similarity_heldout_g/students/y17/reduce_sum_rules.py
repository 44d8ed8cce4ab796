# Exercise 1: JVP, transpose and batching rules for custom_reduce_sum_p.


def _reduce_sum_jvp(primals, tangents, *, axis):
    """Forward mode: sum the tangent over the same axes (the primitive is linear)."""
    x = primals[0]
    x_dot = tangents[0]
    y = custom_reduce_sum_p.bind(x, axis=axis)
    if isinstance(x_dot, ad.Zero):
        # A symbolic zero stays a symbolic zero, with the output's tangent aval.
        y_dot = ad.Zero(jax.typeof(y).to_tangent_aval())
    else:
        y_dot = custom_reduce_sum_p.bind(x_dot, axis=axis)
    return y, y_dot


def _reduce_sum_transpose(ct, x, *, axis):
    """Reverse mode: broadcast the cotangent back to the shape of the input."""
    if isinstance(ct, ad.Zero):
        return (ad.Zero(x.aval),)
    full_shape = x.aval.shape
    ct_expanded = jnp.expand_dims(ct, axis)
    ct_full = jnp.broadcast_to(ct_expanded, full_shape)
    return (ct_full,)


def _reduce_sum_batch(batched_args, batch_dims, *, axis):
    """vmap: move the batch dimension to axis 0 and shift every summed axis by one."""
    x = batched_args[0]
    bd = batch_dims[0]
    x_moved = jnp.moveaxis(x, bd, 0)
    shifted = []
    for a in axis:
        shifted.append(a + 1)
    y = custom_reduce_sum_p.bind(x_moved, axis=tuple(shifted))
    return y, 0


ad.primitive_jvps[custom_reduce_sum_p] = _reduce_sum_jvp
ad.primitive_transposes[custom_reduce_sum_p] = _reduce_sum_transpose
batching.primitive_batchers[custom_reduce_sum_p] = _reduce_sum_batch
