# Exercise 1: linear rules of custom_reduce_sum_p
def batch_rule(args, dims, *, axis):
    x, = args
    bdim, = dims
    x = jnp.moveaxis(x, bdim, 0)  # batch axis first, then every summed axis moves by one
    return custom_reduce_sum_p.bind(x, axis=tuple(a + 1 for a in axis)), 0


batching.primitive_batchers[custom_reduce_sum_p] = batch_rule


def transpose_rule(cot, x, *, axis):
    assert ad.is_undefined_primal(x)
    if type(cot) is ad.Zero:
        return (ad.Zero(x.aval),)
    return (jnp.broadcast_to(jnp.expand_dims(cot, axis), x.aval.shape),)


ad.primitive_transposes[custom_reduce_sum_p] = transpose_rule


def jvp_rule(primals, tangents, *, axis):
    x, = primals
    xdot, = tangents
    out = custom_reduce_sum_p.bind(x, axis=axis)
    if type(xdot) is ad.Zero:
        return out, ad.Zero(jax.typeof(out).to_tangent_aval())
    return out, custom_reduce_sum_p.bind(xdot, axis=axis)


ad.primitive_jvps[custom_reduce_sum_p] = jvp_rule
