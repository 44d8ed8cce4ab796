def _jvp(primals, tangents, *, axis):
    (x,), (t,) = primals, tangents
    y = custom_reduce_sum_p.bind(x, axis=axis)
    zero = ad.Zero(jax.typeof(y).to_tangent_aval()) if type(t) is ad.Zero else None
    return y, zero if zero is not None else custom_reduce_sum_p.bind(t, axis=axis)


def _transpose(ct, x, *, axis):
    if type(ct) is ad.Zero:
        return (ad.Zero(x.aval),)
    return (jnp.expand_dims(ct, axis) + jnp.zeros(x.aval.shape, ct.dtype),)


def _batch(args, dims, *, axis):
    (x,), (bd,) = args, dims
    return custom_reduce_sum_p.bind(jnp.moveaxis(x, bd, 0), axis=tuple(a + 1 for a in axis)), 0


_TABLES = {"jvp": ad.primitive_jvps, "transpose": ad.primitive_transposes, "batch": batching.primitive_batchers}
_RULES = {"jvp": _jvp, "transpose": _transpose, "batch": _batch}
for _k, _table in _TABLES.items():
    _table[custom_reduce_sum_p] = _RULES[_k]
