from jax import lax


def reduce_sum_jvp(primals: tuple, tangents: tuple, *, axis: tuple[int, ...]):
    (x,), (x_dot,) = primals, tangents
    out = custom_reduce_sum_p.bind(x, axis=axis)
    # a symbolic zero tangent must become a real array before it can be summed
    x_dot = ad.instantiate_zeros(x_dot)
    return out, custom_reduce_sum_p.bind(x_dot, axis=axis)


def reduce_sum_transpose(ct, operand, *, axis: tuple[int, ...]):
    shape = operand.aval.shape
    ct = ad.instantiate_zeros(ct)
    kept = tuple(d for d in range(len(shape)) if d not in axis)
    return [lax.broadcast_in_dim(ct, shape, kept)]


def reduce_sum_batch(args: tuple, dims: tuple, *, axis: tuple[int, ...]):
    (x,), (bd,) = args, dims
    # renumber the summed axes around the batch axis, then find where it ends up
    moved = tuple(a if a < bd else a + 1 for a in axis)
    return custom_reduce_sum_p.bind(x, axis=moved), bd - sum(a < bd for a in moved)


ad.primitive_jvps[custom_reduce_sum_p] = reduce_sum_jvp
ad.primitive_transposes[custom_reduce_sum_p] = reduce_sum_transpose
batching.primitive_batchers[custom_reduce_sum_p] = reduce_sum_batch
