# ------------------------------------------------------------ jvp --------
def _jvp(primals, tangents, *, axis):
    (x,), (t,) = primals, tangents
    y = custom_reduce_sum_p.bind(x, axis=axis)
    if type(t) is ad.Zero:
        return y, ad.Zero(jax.typeof(y).to_tangent_aval())
    return y, custom_reduce_sum_p.bind(t, axis=axis)


# ------------------------------------------------------------ transpose --
def _transpose(ct, x, *, axis):
    if type(ct) is ad.Zero:
        return (ad.Zero(x.aval),)
    out = ct
    for a in sorted(axis):
        out = jnp.expand_dims(out, a)
    return (jnp.broadcast_to(out, x.aval.shape),)


# ------------------------------------------------------------ batching ---
def _batch(args, dims, *, axis):
    (x,), (bd,) = args, dims
    n = x.ndim
    perm = (bd,) + tuple(i for i in range(n) if i != bd)
    x = jnp.transpose(x, perm)
    return custom_reduce_sum_p.bind(x, axis=tuple(a + 1 for a in axis)), 0


# ------------------------------------------------------------ register ---
ad.primitive_jvps[custom_reduce_sum_p] = _jvp
ad.primitive_transposes[custom_reduce_sum_p] = _transpose
batching.primitive_batchers[custom_reduce_sum_p] = _batch
