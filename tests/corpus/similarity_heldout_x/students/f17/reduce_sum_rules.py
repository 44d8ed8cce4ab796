import functools


def rule_for(table):
    """Decorator factory: register the decorated function as custom_reduce_sum_p's rule in `table`."""

    def register(fn):
        @functools.wraps(fn)
        def rule(*args, **params):
            return fn(*args, **params)

        table[custom_reduce_sum_p] = rule
        return rule

    return register


@rule_for(ad.primitive_jvps)
def reduce_sum_jvp(primals, tangents, *, axis):
    x, = primals
    t, = tangents
    y = custom_reduce_sum_p.bind(x, axis=axis)
    if isinstance(t, ad.Zero):
        return y, ad.Zero(jax.typeof(y).to_tangent_aval())
    return y, custom_reduce_sum_p.bind(t, axis=axis)


@rule_for(ad.primitive_transposes)
def reduce_sum_transpose(ct, x, *, axis):
    if isinstance(ct, ad.Zero):
        return (ad.Zero(x.aval),)
    expanded = ct
    for a in axis:  # sorted, so each new axis lands where the input had it
        expanded = jnp.expand_dims(expanded, a)
    return (jnp.broadcast_to(expanded, x.aval.shape),)


@rule_for(batching.primitive_batchers)
def reduce_sum_batch(args, dims, *, axis):
    x, = args
    bd, = dims
    front = jnp.moveaxis(x, bd, 0)
    return custom_reduce_sum_p.bind(front, axis=tuple(a + 1 for a in axis)), 0
