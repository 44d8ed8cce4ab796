def install_reduce_sum_rules(prim):
    def jvp(primals, tangents, *, axis):
        x, = primals
        x_dot, = tangents
        y = prim.bind(x, axis=axis)
        if type(x_dot) is ad.Zero:
            y_dot = ad.Zero(jax.typeof(y).to_tangent_aval())
        else:
            y_dot = prim.bind(x_dot, axis=axis)
        return y, y_dot

    def transpose(ct, x, *, axis):
        if type(ct) is ad.Zero:
            return (ad.Zero(x.aval),)
        axes = canonical_axes(axis, len(x.aval.shape))
        return (jnp.broadcast_to(jnp.expand_dims(ct, axes), x.aval.shape),)

    def batch(batched_args, batch_dims, *, axis):
        x, = batched_args
        bd, = batch_dims
        full_axes = tuple(a if a < bd else a + 1 for a in axis)
        out_bd = bd - len([a for a in full_axes if a < bd])
        return prim.bind(x, axis=full_axes), out_bd

    ad.primitive_jvps[prim] = jvp
    ad.primitive_transposes[prim] = transpose
    batching.primitive_batchers[prim] = batch


install_reduce_sum_rules(custom_reduce_sum_p)
