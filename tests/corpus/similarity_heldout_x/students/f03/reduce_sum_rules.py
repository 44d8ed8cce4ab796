import textwrap


def reduce_sum_jvp(primals, tangents, *, axis):
    (x,), (t,) = primals, tangents
    out = custom_reduce_sum_p.bind(x, axis=axis)
    if type(t) is ad.Zero:
        return out, ad.Zero(jax.typeof(out).to_tangent_aval())
    return out, custom_reduce_sum_p.bind(t, axis=axis)


def reduce_sum_transpose(ct, operand, *, axis):
    if type(ct) is ad.Zero:
        return (ad.Zero(operand.aval),)
    shape = operand.aval.shape
    kept = [1 if i in axis else n for i, n in enumerate(shape)]  # keepdims shape of the sum
    return (jnp.broadcast_to(jnp.reshape(ct, kept), shape),)


def reduce_sum_batch(args, dims, *, axis):
    (x,), (bd,) = args, dims
    perm = (bd,) + tuple(i for i in range(x.ndim) if i != bd)  # batch axis first
    return custom_reduce_sum_p.bind(jnp.transpose(x, perm), axis=tuple(a + 1 for a in axis)), 0


ad.primitive_jvps[custom_reduce_sum_p] = reduce_sum_jvp
ad.primitive_transposes[custom_reduce_sum_p] = reduce_sum_transpose
batching.primitive_batchers[custom_reduce_sum_p] = reduce_sum_batch

print(textwrap.dedent("""\
    custom_reduce_sum_p now has:
      a JVP rule, a transpose rule, a batching rule"""))
