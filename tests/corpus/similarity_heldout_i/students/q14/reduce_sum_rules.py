# 在这里为 custom_reduce_sum_p 注册三条规则:
#   ad.primitive_jvps[custom_reduce_sum_p] = <JVP 规则>
#   ad.primitive_transposes[custom_reduce_sum_p] = <转置规则>
#   batching.primitive_batchers[custom_reduce_sum_p] = <batching 规则>
def _sum_jvp(primals: tuple, tangents: tuple, *, axis: tuple[int, ...]):
    """Summation is linear, so the tangent is summed the same way."""
    (x,), (t,) = primals, tangents
    y = custom_reduce_sum_p.bind(x, axis=axis)
    if type(t) is ad.Zero:
        return y, ad.Zero.from_primal_value(y)
    return y, custom_reduce_sum_p.bind(t, axis=axis)


def _sum_transpose(ct, x, *, axis: tuple[int, ...]):
    """Every input element receives the cotangent of the sum it went into."""
    if type(ct) is ad.Zero:
        return (ad.Zero(x.aval),)
    shape = x.aval.shape
    out = ct
    for a in sorted(axis):
        out = jnp.expand_dims(out, a)
    return (out * jnp.ones(shape, dtype=ct.dtype),)


def _sum_batch(args: tuple, dims: tuple, *, axis: tuple[int, ...]):
    """Batch axis kept where it is; the summed axes are renumbered around it."""
    (x,), (bd,) = args, dims
    new_axis = []
    for a in axis:
        new_axis.append(a + 1 if a >= bd else a)
    out_bd = bd
    for a in new_axis:
        if a < bd:
            out_bd -= 1
    return custom_reduce_sum_p.bind(x, axis=tuple(new_axis)), out_bd


ad.primitive_jvps[custom_reduce_sum_p] = _sum_jvp
ad.primitive_transposes[custom_reduce_sum_p] = _sum_transpose
batching.primitive_batchers[custom_reduce_sum_p] = _sum_batch
