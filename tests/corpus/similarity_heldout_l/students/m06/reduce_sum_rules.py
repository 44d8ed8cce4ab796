from jax import lax


def _jvp(primals, tangents, *, axis):
    y = custom_reduce_sum_p.bind(primals[0], axis=axis)
    t = tangents[0]
    if type(t) is ad.Zero:
        return y, ad.Zero(jax.typeof(y).to_tangent_aval())
    return y, custom_reduce_sum_p.bind(t, axis=axis)


def _tr(ct, x, *, axis):
    if type(ct) is ad.Zero:
        return (ad.Zero(x.aval),)
    # insert the summed axes, then broadcast
    return (jnp.broadcast_to(lax.expand_dims(ct, axis), x.aval.shape),)


def _bat(args, dims, *, axis):
    x, bd = args[0], dims[0]
    perm = (bd,) + tuple(i for i in range(x.ndim) if i != bd)  # batch first
    x = lax.transpose(x, perm)
    return custom_reduce_sum_p.bind(x, axis=tuple(a + 1 for a in axis)), 0


ad.primitive_jvps[custom_reduce_sum_p] = _jvp
ad.primitive_transposes[custom_reduce_sum_p] = _tr
batching.primitive_batchers[custom_reduce_sum_p] = _bat
