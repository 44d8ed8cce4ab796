# Degenerate: every rule answers ones of the right shape.
def _jvp(primals, tangents, *, axis):
    x, = primals
    y = custom_reduce_sum_p.bind(x, axis=axis)
    return y, jnp.ones_like(y)

def _transpose(ct, x, *, axis):
    return (jnp.ones(x.aval.shape, x.aval.dtype),)

def _batch(args, dims, *, axis):
    x, = args; bd, = dims
    x = jnp.moveaxis(x, bd, 0)
    shape = tuple(d for i, d in enumerate(x.shape) if i - 1 not in axis)
    return jnp.ones(shape, x.dtype), 0

ad.primitive_jvps[custom_reduce_sum_p] = _jvp
ad.primitive_transposes[custom_reduce_sum_p] = _transpose
batching.primitive_batchers[custom_reduce_sum_p] = _batch
