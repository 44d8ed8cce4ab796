def reduce_sum_jvp(primals: tuple, tangents: tuple, *, axis: tuple[int, ...]) -> tuple:
    (x,) = primals
    (x_dot,) = tangents
    out = custom_reduce_sum_p.bind(x, axis=axis)
    if isinstance(x_dot, ad.Zero):
        return out, ad.Zero.from_primal_value(out)
    return out, custom_reduce_sum_p.bind(x_dot, axis=axis)


def reduce_sum_transpose(cotangent, operand, *, axis: tuple[int, ...]) -> tuple:
    shape: tuple[int, ...] = operand.aval.shape
    if isinstance(cotangent, ad.Zero):
        return (ad.Zero(operand.aval),)
    kept: tuple[int, ...] = tuple(i for i in range(len(shape)) if i not in axis)
    return (lax.broadcast_in_dim(cotangent, shape, kept),)


def reduce_sum_batch(batched_args: tuple, batch_dims: tuple, *, axis: tuple[int, ...]) -> tuple:
    (x,) = batched_args
    (bdim,) = batch_dims
    shifted: tuple[int, ...] = tuple(a if a < bdim else a + 1 for a in axis)
    out = custom_reduce_sum_p.bind(x, axis=shifted)
    out_dim: int = bdim - sum(1 for a in shifted if a < bdim)
    return out, out_dim


from jax import lax

ad.primitive_jvps[custom_reduce_sum_p] = reduce_sum_jvp
ad.primitive_transposes[custom_reduce_sum_p] = reduce_sum_transpose
batching.primitive_batchers[custom_reduce_sum_p] = reduce_sum_batch
