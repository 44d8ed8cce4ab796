def _jvp(primals, tangents, *, axis):
    y = custom_reduce_sum_p.bind(primals[0], axis=axis)
    t = tangents[0]
    if type(t) is ad.Zero:
        return y, ad.Zero(jax.typeof(y).to_tangent_aval())
    return y, custom_reduce_sum_p.bind(t, axis=axis)


def _transpose(ct, x, *, axis):
    if type(ct) is ad.Zero:
        return (ad.Zero(x.aval),)
    return (jnp.broadcast_to(jnp.expand_dims(ct, axis), x.aval.shape),)


def _batch(args, dims, *, axis):
    x, bd = args[0], dims[0]
    moved = jnp.moveaxis(x, bd, 0)
    return custom_reduce_sum_p.bind(moved, axis=tuple(a + 1 for a in axis)), bd


_RULES = {
    (ad, "primitive_jvps"): _jvp,
    (ad, "primitive_transposes"): _transpose,
    (batching, "primitive_batchers"): _batch,
}
for (module, table), rule in _RULES.items():
    getattr(module, table)[custom_reduce_sum_p] = rule
