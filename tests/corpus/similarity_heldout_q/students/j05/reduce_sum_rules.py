ad.primitive_jvps[custom_reduce_sum_p] = lambda p, t, *, axis: (
    custom_reduce_sum_p.bind(p[0], axis=axis), custom_reduce_sum_p.bind(t[0], axis=axis))
ad.primitive_transposes[custom_reduce_sum_p] = lambda ct, x, *, axis: (
    jnp.broadcast_to(jnp.expand_dims(ct, axis), x.aval.shape),)
batching.primitive_batchers[custom_reduce_sum_p] = lambda a, d, *, axis: (
    custom_reduce_sum_p.bind(jnp.moveaxis(a[0], d[0], 0), axis=tuple(map(lambda i: i + 1, axis))), 0)
