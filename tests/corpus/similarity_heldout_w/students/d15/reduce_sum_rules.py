def make_rules():
    registered = 0

    def jvp(primals, tangents, *, axis):
        y = custom_reduce_sum_p.bind(primals[0], axis=axis)
        if type(tangents[0]) is ad.Zero:
            return y, ad.Zero(jax.typeof(y).to_tangent_aval())
        return y, custom_reduce_sum_p.bind(tangents[0], axis=axis)

    def transpose(ct, x, *, axis):
        if type(ct) is ad.Zero:
            return (ad.Zero(x.aval),)
        return (jnp.broadcast_to(jnp.expand_dims(ct, axis), x.aval.shape),)

    def batch(args, dims, *, axis):
        x = jnp.moveaxis(args[0], dims[0], 0)
        return custom_reduce_sum_p.bind(x, axis=tuple(1 + a for a in axis)), 0

    def register(table, rule):
        nonlocal registered
        table[custom_reduce_sum_p] = rule
        registered += 1

    register(ad.primitive_jvps, jvp)
    register(ad.primitive_transposes, transpose)
    register(batching.primitive_batchers, batch)
    return registered


make_rules()
