from jax import lax

prim = custom_reduce_sum_p


def _crs_jvp(primals, tangents, axis):
    x = primals[0]
    dx = tangents[0]
    out = prim.bind(x, axis=axis)
    if isinstance(dx, ad.Zero):
        dout = ad.Zero(jax.typeof(out).to_tangent_aval())
    else:
        dout = prim.bind(dx, axis=axis)
    return out, dout


def _crs_transpose(cotangent, operand, *, axis):
    assert ad.is_undefined_primal(operand)
    if type(cotangent) is ad.Zero:
        return (ad.Zero(operand.aval),)
    keep = tuple(i for i in range(len(operand.aval.shape)) if i not in axis)
    # 保留下来的轴对应到输出的轴
    return (lax.broadcast_in_dim(cotangent, operand.aval.shape, keep),)


def _crs_batch(batched_args, batch_dims, *, axis):
    (x,), (batch_dim,) = batched_args, batch_dims
    # 把批维挪到最前,轴号整体加一
    x = jnp.moveaxis(x, batch_dim, 0)
    shifted = []
    for a in axis:
        shifted.append(a + 1)
    shifted = tuple(shifted)
    return prim.bind(x, axis=shifted), 0


batching.primitive_batchers[prim] = _crs_batch
ad.primitive_transposes[prim] = _crs_transpose
ad.primitive_jvps[prim] = _crs_jvp
