def sum_jvp_rule(primal_in, tangent_in, *, axis):
    (arr,), (darr,) = primal_in, tangent_in
    total = custom_reduce_sum_p.bind(arr, axis=axis)
    # a symbolic zero tangent gives a zero output tangent
    if isinstance(darr, ad.Zero):
        return total, ad.Zero(jax.typeof(total).to_tangent_aval())
    return total, custom_reduce_sum_p.bind(darr, axis=axis)


def sum_transpose_rule(ct, arr, *, axis):
    target_shape = arr.aval.shape
    if isinstance(ct, ad.Zero):
        return (ad.Zero(arr.aval),)
    # put back the summed axes with length 1, then broadcast to the input shape
    ct_keep = jnp.expand_dims(ct, axis)
    return (jnp.broadcast_to(ct_keep, target_shape),)


def sum_batch_rule(vals, bdims, *, axis):
    (arr,), (bdim,) = vals, bdims
    # batch axis to the end so the sample's axis numbers stay valid
    arr = jnp.moveaxis(arr, bdim, arr.ndim - 1)
    total = custom_reduce_sum_p.bind(arr, axis=axis)
    return total, total.ndim - 1


ad.primitive_jvps[custom_reduce_sum_p] = sum_jvp_rule
ad.primitive_transposes[custom_reduce_sum_p] = sum_transpose_rule
batching.primitive_batchers[custom_reduce_sum_p] = sum_batch_rule
