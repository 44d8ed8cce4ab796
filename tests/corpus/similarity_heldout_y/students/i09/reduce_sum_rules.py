def reduce_sum_jvp_rule(primals, tangents, *, axis):
    (x,), (x_dot,) = primals, tangents
    y = custom_reduce_sum_p.bind(x, axis=axis)
    return y, (ad.Zero(jax.typeof(y).to_tangent_aval()) if type(x_dot) is ad.Zero else custom_reduce_sum_p.bind(x_dot, axis=axis))


def reduce_sum_transpose_rule(cotangent, x, *, axis):
    return (ad.Zero(x.aval),) if type(cotangent) is ad.Zero else (jnp.broadcast_to(jnp.expand_dims(cotangent, axis), x.aval.shape),)


def reduce_sum_batching_rule(batched_args, batch_dims, *, axis):
    return custom_reduce_sum_p.bind(jnp.moveaxis(batched_args[0], batch_dims[0], 0), axis=tuple(a + 1 for a in axis)), 0


ad.primitive_jvps[custom_reduce_sum_p], ad.primitive_transposes[custom_reduce_sum_p], batching.primitive_batchers[custom_reduce_sum_p] = reduce_sum_jvp_rule, reduce_sum_transpose_rule, reduce_sum_batching_rule
