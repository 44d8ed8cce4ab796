from jax import lax


def jvp(p, t, *, axis):
    (x,), (dx,) = p, t
    y = custom_reduce_sum_p.bind(x, axis=axis)
    if type(dx) is ad.Zero:
        return y, ad.Zero(jax.typeof(y).to_tangent_aval())
    return y, custom_reduce_sum_p.bind(dx, axis=axis)


def tr(ct, x, *, axis):
    if type(ct) is ad.Zero:
        return (ad.Zero(x.aval),)
    keep = [i for i in range(len(x.aval.shape)) if i not in axis]
    return (lax.broadcast_in_dim(ct, x.aval.shape, keep),)


def bat(a, d, *, axis):
    (x,), (b,) = a, d
    x = jnp.moveaxis(x, b, 0)
    return custom_reduce_sum_p.bind(x, axis=tuple(i + 1 for i in axis)), 0


ad.primitive_jvps[custom_reduce_sum_p] = jvp
ad.primitive_transposes[custom_reduce_sum_p] = tr
batching.primitive_batchers[custom_reduce_sum_p] = bat
