# sum is linear, so the JVP sums the tangent with the same primitive
def _jvp_rule(primals, tangents, *, axis):
    (x,) = primals
    (t,) = tangents
    y = custom_reduce_sum_p.bind(x, axis=axis)
    if type(t) is ad.Zero:
        return y, ad.Zero(jax.typeof(y).to_tangent_aval())
    return y, custom_reduce_sum_p.bind(t, axis=axis)


# transpose of a sum: spread the cotangent back to the input shape
def _transpose_rule(ct, x, *, axis):
    if type(ct) is ad.Zero:
        return (ad.Zero(x.aval),)
    return (jnp.broadcast_to(ct, x.aval.shape),)


# batch dim to the front, then every summed axis moves one up
def _batch_rule(batched_args, batch_dims, *, axis):
    (x,) = batched_args
    (bd,) = batch_dims
    x = jnp.moveaxis(x, bd, 0)
    return custom_reduce_sum_p.bind(x, axis=tuple(a + 1 for a in axis)), 0


ad.primitive_jvps[custom_reduce_sum_p] = _jvp_rule
ad.primitive_transposes[custom_reduce_sum_p] = _transpose_rule
batching.primitive_batchers[custom_reduce_sum_p] = _batch_rule
