from typing import TypeAlias
Axes: TypeAlias = tuple[int, ...]
def sum_jvp(primals, tangents, *, axis: Axes):
    x, = primals; t, = tangents
    y = custom_reduce_sum_p.bind(x, axis=axis)
    if type(t) is ad.Zero: return y, ad.Zero(jax.typeof(y).to_tangent_aval())
    return y, custom_reduce_sum_p.bind(t, axis=axis)
def sum_transpose(ct, x, *, axis: Axes):
    if type(ct) is ad.Zero: return (ad.Zero(x.aval),)
    return (jnp.broadcast_to(jnp.expand_dims(ct, axis),
                             x.aval.shape),)
def sum_batch(args, dims, *, axis: Axes):
    x, = args; bd, = dims
    shifted: Axes = tuple(a + 1 for a in axis)
    return (custom_reduce_sum_p.bind(jnp.moveaxis(x, bd, 0), axis=shifted),
            0)
ad.primitive_jvps[custom_reduce_sum_p] = sum_jvp
ad.primitive_transposes[custom_reduce_sum_p] = sum_transpose
batching.primitive_batchers[custom_reduce_sum_p] = sum_batch
