import logging

from jax import lax

log = logging.getLogger("d12")


def sum_jvp(primals, tangents, *, axis):
    x, t = primals[0], tangents[0]
    y = custom_reduce_sum_p.bind(x, axis=axis)
    if type(t) is ad.Zero:
        log.debug("zero tangent for axis %s", axis)
        return y, ad.Zero(jax.typeof(y).to_tangent_aval())
    return y, custom_reduce_sum_p.bind(t, axis=axis)


def sum_transpose(ct, x, *, axis):
    if type(ct) is ad.Zero:
        return (ad.Zero(x.aval),)
    target_shape = x.aval.shape
    log.debug("transpose %s -> %s", jnp.shape(ct), target_shape)
    return (jnp.broadcast_to(lax.expand_dims(ct, axis), target_shape),)


def sum_batch(args, dims, *, axis):
    x, bd = args[0], dims[0]
    perm = [bd] + [i for i in range(x.ndim) if i != bd]
    log.debug("batch dim %d, permutation %s", bd, perm)
    return custom_reduce_sum_p.bind(x.transpose(perm), axis=tuple(a + 1 for a in axis)), 0


ad.primitive_jvps[custom_reduce_sum_p] = sum_jvp
ad.primitive_transposes[custom_reduce_sum_p] = sum_transpose
batching.primitive_batchers[custom_reduce_sum_p] = sum_batch
