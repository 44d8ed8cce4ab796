import sys

from jax import lax


def _log(msg):
    sys.stderr.write("[custom_reduce_sum] " + msg + "\n")


def reduce_sum_jvp(primals, tangents, *, axis):
    x, = primals
    t, = tangents
    _log(f"jvp axis={axis} tangent={type(t).__name__}")
    y = custom_reduce_sum_p.bind(x, axis=axis)
    if isinstance(t, ad.Zero):
        return y, ad.Zero(jax.typeof(y).to_tangent_aval())
    return y, custom_reduce_sum_p.bind(t, axis=axis)


def reduce_sum_transpose(ct, x, *, axis):
    _log(f"transpose axis={axis} shape={x.aval.shape}")
    if isinstance(ct, ad.Zero):
        return (ad.Zero(x.aval),)
    kept = tuple(i for i in range(len(x.aval.shape)) if i not in axis)
    return (lax.broadcast_in_dim(ct, x.aval.shape, kept),)


def reduce_sum_batch(batched_args, batch_dims, *, axis):
    x, = batched_args
    bd, = batch_dims
    _log(f"batch bd={bd} axis={axis}")
    moved = jnp.moveaxis(x, bd, -1)
    return custom_reduce_sum_p.bind(moved, axis=axis), moved.ndim - 1 - len(axis)


ad.primitive_jvps[custom_reduce_sum_p] = reduce_sum_jvp
ad.primitive_transposes[custom_reduce_sum_p] = reduce_sum_transpose
batching.primitive_batchers[custom_reduce_sum_p] = reduce_sum_batch
