prim = custom_reduce_sum_p


def jvp_rule(primals, tangents, axis):
    x = primals[0]
    dx = tangents[0]
    out = prim.bind(x, axis=axis)
    if isinstance(dx, ad.Zero):
        dout = ad.Zero(jax.typeof(out).to_tangent_aval())
    else:
        dout = prim.bind(dx, axis=axis)
    return out, dout


def transpose_rule(ct, x, *, axis):
    if type(ct) is ad.Zero:
        return (ad.Zero(x.aval),)
    return (jnp.broadcast_to(jnp.expand_dims(ct, axis), x.aval.shape),)


def batch_rule(args, dims, *, axis):
    x, = args
    b, = dims
    new_axis = tuple(a if a < b else a + 1 for a in axis)
    out_dim = b - sum(1 for a in new_axis if a < b)
    return prim.bind(x, axis=new_axis), out_dim


ad.primitive_jvps[prim] = jvp_rule
ad.primitive_transposes[prim] = transpose_rule
batching.primitive_batchers[prim] = batch_rule
