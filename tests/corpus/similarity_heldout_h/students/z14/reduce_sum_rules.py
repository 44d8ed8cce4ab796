# Register the JVP, transpose and batching rules of custom_reduce_sum_p.
def _jvp_rule(primals: tuple, tangents: tuple, *, axis: tuple[int, ...]):
    """Sum is linear: the output tangent is the same sum of the input tangent."""
    (x,) = primals
    (dx,) = tangents
    y = custom_reduce_sum_p.bind(x, axis=axis)
    dy = (ad.Zero(jax.typeof(y).to_tangent_aval()) if isinstance(dx, ad.Zero)
          else custom_reduce_sum_p.bind(dx, axis=axis))
    return y, dy


def _transpose_rule(ct, x, *, axis: tuple[int, ...]):
    """Insert size-1 axes at the summed positions and broadcast to the input shape."""
    if isinstance(ct, ad.Zero):
        return (ad.Zero(x.aval),)
    return (jnp.broadcast_to(jnp.expand_dims(ct, axis), x.aval.shape),)


def _batch_rule(args: tuple, dims: tuple, *, axis: tuple[int, ...]) -> tuple:
    """Shift the summed axes past the batch axis; the batch axis moves left past summed axes."""
    x, = args
    bd, = dims
    shifted = tuple(a + 1 if a >= bd else a for a in axis)
    out_dim = bd - len([a for a in axis if a < bd])
    return custom_reduce_sum_p.bind(x, axis=shifted), out_dim


ad.primitive_jvps[custom_reduce_sum_p] = _jvp_rule
ad.primitive_transposes[custom_reduce_sum_p] = _transpose_rule
batching.primitive_batchers[custom_reduce_sum_p] = _batch_rule
