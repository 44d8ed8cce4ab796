ad.primitive_jvps[custom_reduce_sum_p] = lambda p, t, *, axis: (
    custom_reduce_sum_p.bind(p[0], axis=axis), custom_reduce_sum_p.bind(ad.instantiate_zeros(t[0]), axis=axis))
ad.primitive_transposes[custom_reduce_sum_p] = lambda ct, x, *, axis: (
    jax.lax.broadcast_in_dim(ct, x.aval.shape, tuple(i for i in range(len(x.aval.shape)) if i not in axis)),)
batching.primitive_batchers[custom_reduce_sum_p] = lambda a, d, *, axis: (
    custom_reduce_sum_p.bind(jnp.moveaxis(a[0], d[0], 0), axis=tuple(i + 1 for i in axis)), 0)
