ad.primitive_jvps[custom_reduce_sum_p] = lambda ps, ts, *, axis: tuple(
    custom_reduce_sum_p.bind(v, axis=axis) for v in [ps[0], ad.instantiate_zeros(ts[0])])
ad.primitive_transposes[custom_reduce_sum_p] = lambda ct, x, *, axis: [
    jnp.broadcast_to(jnp.expand_dims(ad.instantiate_zeros(ct), axis), x.aval.shape)]
batching.primitive_batchers[custom_reduce_sum_p] = lambda xs, ds, *, axis: (
    custom_reduce_sum_p.bind(jnp.moveaxis(xs[0], ds[0], 0), axis=tuple([a + 1 for a in axis])), 0)
