DEBUG = False


def _bump(axes, b):
    # axes at or after the batch dim move one place to the right (recursive)
    if not axes:
        return ()
    first = axes[0] + 1 if axes[0] >= b else axes[0]
    return (first,) + _bump(axes[1:], b)


def _n_before(axes, b):
    # how many summed axes lie before the batch dim (recursive)
    if not axes:
        return 0
    return int(axes[0] < b) + _n_before(axes[1:], b)


def _sum_jvp(primals, tangents, *, axis):
    (v,), (dv,) = primals, tangents
    out = custom_reduce_sum_p.bind(v, axis=axis)
    if isinstance(dv, ad.Zero):
        return out, ad.Zero(jax.typeof(out).to_tangent_aval())
    return out, custom_reduce_sum_p.bind(dv, axis=axis)


def _sum_transpose(g, v, *, axis):
    if isinstance(g, ad.Zero):
        return (ad.Zero(v.aval),)
    return (jnp.broadcast_to(jnp.expand_dims(g, axis), v.aval.shape),)


def _sum_batch(args, dims, *, axis):
    (v,), (b,) = args, dims
    moved = _bump(tuple(axis), b)
    if DEBUG:
        print(f"batch dim {b}: axes {axis} -> {moved}")
    return custom_reduce_sum_p.bind(v, axis=moved), b - _n_before(moved, b)


ad.primitive_jvps[custom_reduce_sum_p] = _sum_jvp
ad.primitive_transposes[custom_reduce_sum_p] = _sum_transpose
batching.primitive_batchers[custom_reduce_sum_p] = _sum_batch
