def _build(p):
    def run(val, axes):
        return p.bind(val, axis=axes)

    # forward mode: the sum is linear, so the tangent is summed the same way
    def tangent_rule(primals, tangents, *, axis):
        (a,), (da,) = primals, tangents
        out = run(a, axis)
        if type(da) is ad.Zero:
            return out, ad.Zero(jax.typeof(out).to_tangent_aval())
        return out, run(da, axis)

    # reverse mode: put the summed axes back and broadcast
    def transpose_rule(g, a, *, axis):
        if type(g) is ad.Zero:
            return (ad.Zero(a.aval),)
        return (jnp.broadcast_to(jnp.expand_dims(g, axis), a.aval.shape),)

    # vmap: batch axis to the front, summed axes shift by one
    def batch_rule(vals, bdims, *, axis):
        (a,), (b,) = vals, bdims
        return run(jnp.moveaxis(a, b, 0), tuple(k + 1 for k in axis)), 0

    return tangent_rule, transpose_rule, batch_rule


(ad.primitive_jvps[custom_reduce_sum_p],
 ad.primitive_transposes[custom_reduce_sum_p],
 batching.primitive_batchers[custom_reduce_sum_p]) = _build(custom_reduce_sum_p)
