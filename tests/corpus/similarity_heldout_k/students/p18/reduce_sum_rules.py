def _jvp(primals, tangents, *, axis):
    x, t = *primals, *tangents
    y = custom_reduce_sum_p.bind(x, axis=axis)
    return y, ad.Zero(jax.typeof(y).to_tangent_aval()) if type(t) is ad.Zero else custom_reduce_sum_p.bind(t, axis=axis)


def _tr(ct, x, *, axis):
    if type(ct) is ad.Zero:
        return (ad.Zero(x.aval),)
    keep = [1 if i in axis else n for i, n in enumerate(x.aval.shape)]
    return (jnp.broadcast_to(jnp.reshape(ct, keep), x.aval.shape),)


def _vm(args, dims, *, axis):
    x, bd = *args, *dims
    ax = tuple([a + 1 if a >= bd else a for a in axis])
    return custom_reduce_sum_p.bind(x, axis=ax), bd - len([a for a in axis if a < bd])


ad.primitive_jvps[custom_reduce_sum_p] = _jvp
ad.primitive_transposes[custom_reduce_sum_p] = _tr
batching.primitive_batchers[custom_reduce_sum_p] = _vm
