def register_reduce_sum_rules() -> None:
    """Define the JVP, transpose and batching rules of custom_reduce_sum_p and register them."""

    def jv(p, t, *, axis):
        y = custom_reduce_sum_p.bind(p[0], axis=axis)
        if type(t[0]) is ad.Zero:
            return y, ad.Zero(jax.typeof(y).to_tangent_aval())
        return y, custom_reduce_sum_p.bind(t[0], axis=axis)

    def tr(ct, x, *, axis):
        if type(ct) is ad.Zero:
            return (ad.Zero(x.aval),)
        s = list(x.aval.shape)
        for a in axis:
            s[a] = 1
        return (jnp.broadcast_to(ct.reshape(s), x.aval.shape),)

    def bt(a, d, *, axis):
        x = jnp.moveaxis(a[0], d[0], 0)
        return custom_reduce_sum_p.bind(x, axis=tuple(i + 1 for i in axis)), 0

    ad.primitive_jvps[custom_reduce_sum_p] = jv
    ad.primitive_transposes[custom_reduce_sum_p] = tr
    batching.primitive_batchers[custom_reduce_sum_p] = bt


register_reduce_sum_rules()
