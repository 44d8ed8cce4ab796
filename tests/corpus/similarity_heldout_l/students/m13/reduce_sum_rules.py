求和 = custom_reduce_sum_p


def 导(原, 切, *, axis):
    y = 求和.bind(原[0], axis=axis)
    return y, (ad.Zero(jax.typeof(y).to_tangent_aval()) if type(切[0]) is ad.Zero
               else 求和.bind(切[0], axis=axis))


ad.primitive_jvps[求和] = 导
ad.primitive_transposes[求和] = lambda ct, x, *, axis: (
    (ad.Zero(x.aval),) if type(ct) is ad.Zero
    else (jnp.broadcast_to(jnp.expand_dims(ct, axis), x.aval.shape),))
batching.primitive_batchers[求和] = lambda a, d, *, axis: (
    求和.bind(jnp.moveaxis(a[0], d[0], 0), axis=tuple(i + 1 for i in axis)), 0)
