from jax import lax

def _crs_jvp(primals, tangents, axis):
    x = primals[0]
    dx = tangents[0]
    out = custom_reduce_sum_p.bind(x, axis=axis)
    if isinstance(dx, ad.Zero):
        dout = ad.Zero(jax.typeof(out).to_tangent_aval())
    else:
        dout = custom_reduce_sum_p.bind(dx, axis=axis)
    return out, dout


def _crs_transpose(cotangent, operand, *, axis):
    assert ad.is_undefined_primal(operand)
    if type(cotangent) is ad.Zero:
        return (ad.Zero(operand.aval),)
    keep = tuple(i for i in range(len(operand.aval.shape)) if i not in axis)
    # 保留下来的轴对应到输出的轴
    return (lax.broadcast_in_dim(cotangent, operand.aval.shape, keep),)


def _crs_batch(args, dims, *, axis):
    x, = args
    b, = dims
    new_axis = tuple(a if a < b else a + 1 for a in axis)
    # 批维前面被求和掉的轴会让它往前移
    out_dim = b - sum(1 for a in new_axis if a < b)
    return custom_reduce_sum_p.bind(x, axis=new_axis), out_dim


ad.primitive_jvps[custom_reduce_sum_p] = _crs_jvp
ad.primitive_transposes[custom_reduce_sum_p] = _crs_transpose
batching.primitive_batchers[custom_reduce_sum_p] = _crs_batch
