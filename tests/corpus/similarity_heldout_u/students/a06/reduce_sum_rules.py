def _shift(axes, bd):
    # 递归地把 >= bd 的轴号加 1
    if not axes:
        return ()
    head = axes[0] + 1 if axes[0] >= bd else axes[0]
    return (head,) + _shift(axes[1:], bd)


def _count_below(axes, bd):
    # 递归地数出比 bd 小的轴号有几个
    if not axes:
        return 0
    return int(axes[0] < bd) + _count_below(axes[1:], bd)


def _jvp(primals, tangents, *, axis):
    (x,), (t,) = primals, tangents
    y = custom_reduce_sum_p.bind(x, axis=axis)
    if isinstance(t, ad.Zero):
        return y, ad.Zero(jax.typeof(y).to_tangent_aval())
    return y, custom_reduce_sum_p.bind(t, axis=axis)


def _transpose(ct, x, *, axis):
    if isinstance(ct, ad.Zero):
        return (ad.Zero(x.aval),)
    return (jnp.broadcast_to(jnp.expand_dims(ct, axis), x.aval.shape),)


def _batch(args, dims, *, axis):
    (x,), (bd,) = args, dims
    full = _shift(tuple(axis), bd)
    return custom_reduce_sum_p.bind(x, axis=full), bd - _count_below(full, bd)


ad.primitive_jvps[custom_reduce_sum_p] = _jvp
ad.primitive_transposes[custom_reduce_sum_p] = _transpose
batching.primitive_batchers[custom_reduce_sum_p] = _batch
