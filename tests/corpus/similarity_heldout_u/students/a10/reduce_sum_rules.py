__all__ = ["JVP_RULE", "TRANSPOSE_RULE", "BATCH_RULE"]

PRIM = custom_reduce_sum_p
BATCH_OUT_DIM = 0


def JVP_RULE(primals, tangents, *, axis):
    (x,), (t,) = primals, tangents
    y = PRIM.bind(x, axis=axis)
    if type(t) is ad.Zero:
        return y, ad.Zero(jax.typeof(y).to_tangent_aval())
    return y, PRIM.bind(t, axis=axis)


def TRANSPOSE_RULE(ct, x, *, axis):
    if type(ct) is ad.Zero:
        return (ad.Zero(x.aval),)
    return (jnp.broadcast_to(jnp.expand_dims(ct, axis), x.aval.shape),)


def BATCH_RULE(args, dims, *, axis):
    x = jnp.moveaxis(args[0], dims[0], BATCH_OUT_DIM)
    return PRIM.bind(x, axis=tuple(a + 1 for a in axis)), BATCH_OUT_DIM


ad.primitive_jvps[PRIM] = JVP_RULE
ad.primitive_transposes[PRIM] = TRANSPOSE_RULE
batching.primitive_batchers[PRIM] = BATCH_RULE
