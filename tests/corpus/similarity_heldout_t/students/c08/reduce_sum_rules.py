def _sum_jvp(primals, tangents, *, axis):
    # linear: the tangent is summed the same way
    operand, tan = primals[0], tangents[0]
    out = custom_reduce_sum_p.bind(operand, axis=axis)
    if isinstance(tan, ad.Zero):
        return out, ad.Zero(jax.typeof(out).to_tangent_aval())
    return out, custom_reduce_sum_p.bind(tan, axis=axis)


def _sum_transpose(cot, operand, *, axis):
    # broadcast the cotangent back over the summed axes
    if isinstance(cot, ad.Zero):
        return (ad.Zero(operand.aval),)
    full = operand.aval.shape
    with_ones = list(map(lambda k: 1 if k in axis else full[k], range(len(full))))
    return (jnp.broadcast_to(jnp.reshape(cot, with_ones), full),)


def _sum_batch(args, dims, *, axis):
    # batch axis to the front, every summed axis moves up by one
    operand, b = args[0], dims[0]
    operand = jnp.moveaxis(operand, b, 0)
    return custom_reduce_sum_p.bind(operand, axis=tuple(map(lambda k: k + 1, axis))), 0


ad.primitive_jvps[custom_reduce_sum_p] = _sum_jvp
ad.primitive_transposes[custom_reduce_sum_p] = _sum_transpose
batching.primitive_batchers[custom_reduce_sum_p] = _sum_batch
