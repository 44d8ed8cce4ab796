def jvp_rule(primals, tangents, *, axis):
    (x,), (t,) = primals, tangents
    y = custom_reduce_sum_p.bind(x, axis=axis)
    # symbolic zero tangent
    if type(t) is ad.Zero:
        return y, ad.Zero(jax.typeof(y).to_tangent_aval())
    return y, custom_reduce_sum_p.bind(t, axis=axis)


def transpose_rule(ct, x, *, axis):
    shape = x.aval.shape
    if isinstance(ct, ad.Zero):
        return [ad.Zero(x.aval)]
    kept = list(shape)
    for a in axis:
        kept[a] = 1
    return [jnp.broadcast_to(jnp.reshape(ct, kept), shape)]


def batch_rule(args, dims, *, axis):
    x, = args
    b, = dims
    new_axis = []
    for a in axis:
        if a < b:
            new_axis.append(a)
        else:
            new_axis.append(a + 1)
    new_axis = tuple(new_axis)
    # summed axes before the batch axis move it left
    out_dim = b - sum(1 for a in new_axis if a < b)
    return custom_reduce_sum_p.bind(x, axis=new_axis), out_dim


ad.primitive_jvps[custom_reduce_sum_p] = jvp_rule
ad.primitive_transposes[custom_reduce_sum_p] = transpose_rule
batching.primitive_batchers[custom_reduce_sum_p] = batch_rule
