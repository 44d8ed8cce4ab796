# 在这里为 custom_reduce_sum_p 注册三条规则:
#   ad.primitive_jvps[custom_reduce_sum_p] = <JVP 规则>
#   ad.primitive_transposes[custom_reduce_sum_p] = <转置规则>
#   batching.primitive_batchers[custom_reduce_sum_p] = <batching 规则>
def reduce_sum_jvp(primals: tuple, tangents: tuple, *, axis: tuple[int, ...]) -> tuple:
    """JVP of a linear map: apply the same map to the tangent."""
    x, dx = primals[0], tangents[0]
    y = custom_reduce_sum_p.bind(x, axis=axis)
    if isinstance(dx, ad.Zero):
        return y, ad.Zero(jax.typeof(y).to_tangent_aval())
    return y, custom_reduce_sum_p.bind(dx, axis=axis)


def reduce_sum_transpose(ct, x, *, axis: tuple[int, ...]) -> tuple:
    """Transpose of a sum: broadcast the cotangent over the summed axes."""
    if isinstance(ct, ad.Zero):
        return (ad.Zero(x.aval),)
    kept = tuple(i for i in range(x.aval.ndim) if i not in axis)
    return (jax.lax.broadcast_in_dim(ct, x.aval.shape, kept),)


def reduce_sum_batch(args: tuple, dims: tuple, *, axis: tuple[int, ...]) -> tuple:
    """Batch axis to the front with jnp.transpose, then every axis shifts by one."""
    x, bd = args[0], dims[0]
    order = [bd] + [i for i in range(x.ndim) if i != bd]
    return custom_reduce_sum_p.bind(jnp.transpose(x, order), axis=tuple(a + 1 for a in axis)), 0


ad.primitive_jvps[custom_reduce_sum_p] = reduce_sum_jvp
ad.primitive_transposes[custom_reduce_sum_p] = reduce_sum_transpose
batching.primitive_batchers[custom_reduce_sum_p] = reduce_sum_batch
