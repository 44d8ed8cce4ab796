def _jvp(primals: tuple, tangents: tuple, *, axis: tuple[int, ...]):
    (x,), (t,) = primals, tangents
    y = custom_reduce_sum_p.bind(x, axis=axis)
    if isinstance(t, ad.Zero):
        return y, ad.Zero.from_primal_value(y)
    return y, custom_reduce_sum_p.bind(t, axis=axis)


def _transpose(ct, x, *, axis: tuple[int, ...]):
    if isinstance(ct, ad.Zero):
        return (ad.Zero(x.aval),)
    return (jnp.broadcast_to(jnp.expand_dims(ct, axis), x.aval.shape),)


def _batch(args: tuple, dims: tuple, *, axis: tuple[int, ...]):
    (x,), (bd,) = args, dims
    shifted: list[int] = [a + 1 if a >= bd else a for a in axis]
    out_dim: int = bd - sum(1 for a in shifted if a < bd)
    return custom_reduce_sum_p.bind(x, axis=tuple(shifted)), out_dim


ad.primitive_jvps[custom_reduce_sum_p] = _jvp
ad.primitive_transposes[custom_reduce_sum_p] = _transpose
batching.primitive_batchers[custom_reduce_sum_p] = _batch
