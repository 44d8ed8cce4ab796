def add_rules():
    def jvp(primals, tangents, axis):
        x = primals[0]
        t = tangents[0]
        y = custom_reduce_sum_p.bind(x, axis=axis)

        if isinstance(t, ad.Zero):
            return y, ad.Zero(jax.typeof(y).to_tangent_aval())
        ty = custom_reduce_sum_p.bind(t, axis=axis)

        return y, ty

    def transpose(ct, x, axis):
        shape = x.aval.shape
        if isinstance(ct, ad.Zero):
            return (ad.Zero(x.aval),)
        ct2 = ct
        for a in axis:
            ct2 = jnp.expand_dims(ct2, a)

        out = jnp.broadcast_to(ct2, shape)

        return (out,)

    def batch(args, dims, axis):
        x = args[0]
        bd = dims[0]
        x = jnp.moveaxis(x, bd, 0)

        axis2 = []
        for a in axis:
            axis2.append(a + 1)
        y = custom_reduce_sum_p.bind(x, axis=tuple(axis2))

        return y, 0

    ad.primitive_jvps[custom_reduce_sum_p] = jvp
    ad.primitive_transposes[custom_reduce_sum_p] = transpose
    batching.primitive_batchers[custom_reduce_sum_p] = batch


add_rules()
