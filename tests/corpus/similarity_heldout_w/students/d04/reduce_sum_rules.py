def rs_jvp(
    primals, tangents, *, axis
):
    y = custom_reduce_sum_p.bind(
        primals[0], axis=axis
    )
    t = tangents[0]
    if type(t) is ad.Zero:
        return y, ad.Zero(
            jax.typeof(y).to_tangent_aval()
        )
    return y, custom_reduce_sum_p.bind(
        t, axis=axis
    )


def rs_transpose(
    ct, x, *, axis
):
    if type(ct) is ad.Zero:
        return (ad.Zero(x.aval),)
    out = jnp.broadcast_to(
        jnp.expand_dims(ct, axis),
        x.aval.shape,
    )
    return (out,)


def rs_batch(
    args, dims, *, axis
):
    x = jnp.moveaxis(
        args[0], dims[0], -1
    )
    return (
        custom_reduce_sum_p.bind(x, axis=axis),
        x.ndim - 1 - len(axis),
    )


ad.primitive_jvps[custom_reduce_sum_p] = rs_jvp
ad.primitive_transposes[custom_reduce_sum_p] = rs_transpose
batching.primitive_batchers[custom_reduce_sum_p] = rs_batch
print(
    f"{custom_reduce_sum_p in ad.primitive_jvps=}"
)
