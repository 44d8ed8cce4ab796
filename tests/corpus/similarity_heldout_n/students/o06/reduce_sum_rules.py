# 在这里为 custom_reduce_sum_p 注册三条规则:
#   ad.primitive_jvps[custom_reduce_sum_p] = <JVP 规则>
#   ad.primitive_transposes[custom_reduce_sum_p] = <转置规则>
#   batching.primitive_batchers[custom_reduce_sum_p] = <batching 规则>
def sum_jvp(primals: tuple, tangents: tuple, *, axis: tuple[int, ...]):
    (x,), (x_dot,) = primals, tangents
    y = custom_reduce_sum_p.bind(x, axis=axis)
    if type(x_dot) is ad.Zero:
        return y, ad.Zero(jax.typeof(y).to_tangent_aval())
    return y, custom_reduce_sum_p.bind(x_dot, axis=axis)


def sum_transpose(ct, operand, *, axis: tuple[int, ...]):
    if type(ct) is ad.Zero:
        return (ad.Zero(operand.aval),)
    shape: tuple[int, ...] = operand.aval.shape
    ones_at_axes: list[int] = [1 if d in axis else shape[d] for d in range(len(shape))]
    return (jnp.broadcast_to(ct.reshape(ones_at_axes), shape),)


def sum_batch(args: tuple, dims: tuple, *, axis: tuple[int, ...]):
    (x,), (bdim,) = args, dims
    moved: tuple[int, ...] = tuple(a if a < bdim else a + 1 for a in axis)
    out_dim: int = bdim - len([a for a in axis if a < bdim])
    return custom_reduce_sum_p.bind(x, axis=moved), out_dim


ad.primitive_jvps[custom_reduce_sum_p] = sum_jvp
ad.primitive_transposes[custom_reduce_sum_p] = sum_transpose
batching.primitive_batchers[custom_reduce_sum_p] = sum_batch
