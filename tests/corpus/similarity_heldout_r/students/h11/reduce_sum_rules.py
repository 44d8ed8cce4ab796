import functools
import operator


def _bind(v, axis):
    return custom_reduce_sum_p.bind(v, axis=axis)


def _jvp(primals, tangents, *, axis):
    y = _bind(primals[0], axis)
    t = tangents[0]
    return y, (ad.Zero(jax.typeof(y).to_tangent_aval()) if type(t) is ad.Zero else _bind(t, axis))


def _transpose(ct, x, *, axis):
    if type(ct) is ad.Zero:
        return (ad.Zero(x.aval),)
    return (jnp.broadcast_to(functools.reduce(jnp.expand_dims, sorted(axis), ct), x.aval.shape),)


def _batch(args, dims, *, axis):
    return _bind(jnp.moveaxis(args[0], dims[0], 0), tuple(map(functools.partial(operator.add, 1), axis))), 0


ad.primitive_jvps[custom_reduce_sum_p] = _jvp
ad.primitive_transposes[custom_reduce_sum_p] = _transpose
batching.primitive_batchers[custom_reduce_sum_p] = _batch
