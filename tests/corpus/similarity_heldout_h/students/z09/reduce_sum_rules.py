# 在这里为 custom_reduce_sum_p 注册三条规则:
def _jvp_rule(primals: tuple, tangents: tuple, *, axis: tuple[int, ...]):
    (x,) = primals
    (dx,) = tangents
    y = custom_reduce_sum_p.bind(x, axis=axis)
    # 零切线单独处理
    dy = (ad.Zero(jax.typeof(y).to_tangent_aval()) if isinstance(dx, ad.Zero)
          else custom_reduce_sum_p.bind(dx, axis=axis))
    return y, dy


def _transpose_rule(ct, x, *, axis: tuple[int, ...]):
    if isinstance(ct, ad.Zero):
        return (ad.Zero(x.aval),)
    # 在 A 的位置插入长度为 1 的轴,再 broadcast_to
    return (jnp.broadcast_to(jnp.expand_dims(ct, axis), x.aval.shape),)


def _batch_rule(batched_args: tuple, batch_dims: tuple, *, axis: tuple[int, ...]):
    (x,) = batched_args
    (bd,) = batch_dims
    moved = jnp.moveaxis(x, bd, 0)
    return custom_reduce_sum_p.bind(moved, axis=tuple(a + 1 for a in axis)), 0


ad.primitive_jvps[custom_reduce_sum_p] = _jvp_rule
ad.primitive_transposes[custom_reduce_sum_p] = _transpose_rule
batching.primitive_batchers[custom_reduce_sum_p] = _batch_rule
