def som_jvp(primalen, raaklijnen, *, axis):
    (x,), (dx,) = primalen, raaklijnen
    uitkomst = custom_reduce_sum_p.bind(x, axis=axis)
    # symbolische nul: de uitvoer-raaklijn is ook nul
    if isinstance(dx, ad.Zero):
        return uitkomst, ad.Zero(jax.typeof(uitkomst).to_tangent_aval())
    return uitkomst, custom_reduce_sum_p.bind(dx, axis=axis)


def som_transponeer(cotangent, x, *, axis):
    vorm = x.aval.shape
    if isinstance(cotangent, ad.Zero):
        return (ad.Zero(x.aval),)
    # assen van lengte 1 terugzetten en dan uitsmeren over de oorspronkelijke vorm
    uitgebreid = jnp.expand_dims(cotangent, axis)
    return (jnp.broadcast_to(uitgebreid, vorm),)


def som_batch(argumenten, dimensies, *, axis):
    (x,), (bd,) = argumenten, dimensies
    # batch-as naar het einde; de assen van het monster blijven staan
    x = jnp.moveaxis(x, bd, x.ndim - 1)
    uitkomst = custom_reduce_sum_p.bind(x, axis=axis)
    return uitkomst, uitkomst.ndim - 1


ad.primitive_jvps[custom_reduce_sum_p] = som_jvp
ad.primitive_transposes[custom_reduce_sum_p] = som_transponeer
batching.primitive_batchers[custom_reduce_sum_p] = som_batch
