# tangent of a sum = sum of the tangent
def _fwd_rule(primals, tangents, *, axis):
    v, = primals
    dv, = tangents
    s = custom_reduce_sum_p.bind(v, axis=axis)
    dv = ad.instantiate_zeros(dv)
    return s, custom_reduce_sum_p.bind(dv, axis=axis)


# cotangent: broadcast_in_dim, the surviving axes mapped to their input positions
def _bwd_rule(g, v, *, axis):
    full = v.aval.shape
    if type(g) is ad.Zero:
        return (ad.Zero(v.aval),)
    survivors = tuple(i for i in range(len(full)) if i not in axis)
    return (jax.lax.broadcast_in_dim(g, full, survivors),)


# vmap: batch dim moved to 0
def _vmap_rule(args, dims, *, axis):
    v, = args
    b, = dims
    v = jnp.moveaxis(v, b, 0)
    return custom_reduce_sum_p.bind(v, axis=tuple(a + 1 for a in axis)), 0


ad.primitive_jvps[custom_reduce_sum_p] = _fwd_rule
ad.primitive_transposes[custom_reduce_sum_p] = _bwd_rule
batching.primitive_batchers[custom_reduce_sum_p] = _vmap_rule
