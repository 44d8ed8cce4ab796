def sum_batch(vals, dims, *, axis):
    (x,) = vals
    (bd,) = dims
    # keep the batch axis where it is and renumber the summed axes around it
    shifted = tuple(a + 1 if a >= bd else a for a in axis)
    out_bd = bd - len([a for a in axis if a < bd])
    return custom_reduce_sum_p.bind(x, axis=shifted), out_bd


def sum_transpose(ct, operand, *, axis):
    if type(ct) is ad.Zero:
        return (ad.Zero(operand.aval),)
    # put back the summed axes with size 1, then broadcast
    return (jnp.broadcast_to(jnp.expand_dims(ct, axis), operand.aval.shape),)


def sum_jvp(primals, tangents, *, axis):
    (x,) = primals
    (t,) = tangents
    primal_out = custom_reduce_sum_p.bind(x, axis=axis)
    # a symbolic zero tangent stays a symbolic zero
    if type(t) is ad.Zero:
        return primal_out, ad.Zero(jax.typeof(primal_out).to_tangent_aval())
    return primal_out, custom_reduce_sum_p.bind(t, axis=axis)


batching.primitive_batchers[custom_reduce_sum_p] = sum_batch
ad.primitive_transposes[custom_reduce_sum_p] = sum_transpose
ad.primitive_jvps[custom_reduce_sum_p] = sum_jvp
