def _make_rules(prim):
    def jvp(primals, tangents, *, axis):
        (x,), (t,) = primals, tangents
        y = prim.bind(x, axis=axis)
        if type(t) is ad.Zero:
            return y, ad.Zero(jax.typeof(y).to_tangent_aval())
        return y, prim.bind(t, axis=axis)

    def transpose(ct, x, *, axis):
        if type(ct) is ad.Zero:
            return (ad.Zero(x.aval),)
        return (jnp.broadcast_to(jnp.expand_dims(ct, axis), x.aval.shape),)

    def batch(args, dims, *, axis):
        (x,), (bd,) = args, dims
        return prim.bind(jnp.moveaxis(x, bd, 0), axis=tuple(a + 1 for a in axis)), 0

    return jvp, transpose, batch


(ad.primitive_jvps[custom_reduce_sum_p],
 ad.primitive_transposes[custom_reduce_sum_p],
 batching.primitive_batchers[custom_reduce_sum_p]) = _make_rules(custom_reduce_sum_p)
