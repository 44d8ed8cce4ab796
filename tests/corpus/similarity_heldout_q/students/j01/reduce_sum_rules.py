def rs_jvp(primals, tangents, *, axis):
    (x,), (t,) = primals, tangents
    return custom_reduce_sum_p.bind(x, axis=axis), custom_reduce_sum_p.bind(t, axis=axis)  # linear


def rs_t(ct, x, *, axis):
    shp = x.aval.shape
    keep = tuple(i for i in range(len(shp)) if i not in axis)  # dims that survive the sum
    return (jax.lax.broadcast_in_dim(ct, shp, keep),)


def rs_b(args, dims, *, axis):
    (x,), (d,) = args, dims
    x = jnp.moveaxis(x, d, 0)  # batch dim first
    return custom_reduce_sum_p.bind(x, axis=tuple(a + 1 for a in axis)), 0


ad.primitive_jvps[custom_reduce_sum_p] = rs_jvp
ad.primitive_transposes[custom_reduce_sum_p] = rs_t
batching.primitive_batchers[custom_reduce_sum_p] = rs_b
