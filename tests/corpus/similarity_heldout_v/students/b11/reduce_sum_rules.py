# règles de la somme : JVP, transposée, vectorisation
def regle_jvp(primaux, tangentes, *, axis):
    x, = primaux
    dx, = tangentes
    somme = custom_reduce_sum_p.bind(x, axis=axis)
    if type(dx) is ad.Zero:
        # tangente nulle symbolique
        return somme, ad.Zero(jax.typeof(somme).to_tangent_aval())
    return somme, custom_reduce_sum_p.bind(dx, axis=axis)


def regle_transposee(cotangente, x, *, axis):
    if type(cotangente) is ad.Zero:
        return (ad.Zero(x.aval),)
    forme = x.aval.shape
    # on remet des axes de longueur 1 aux positions sommées, puis on diffuse
    forme_reduite = [1 if i in axis else n for i, n in enumerate(forme)]
    return (jnp.broadcast_to(jnp.reshape(cotangente, forme_reduite), forme),)


def regle_lot(arguments, dims_lot, *, axis):
    x, = arguments
    dim, = dims_lot
    # axe du lot en dernier : les numéros des axes de l'échantillon ne changent pas
    x = jnp.moveaxis(x, dim, -1)
    resultat = custom_reduce_sum_p.bind(x, axis=axis)
    return resultat, resultat.ndim - 1


ad.primitive_jvps[custom_reduce_sum_p] = regle_jvp
ad.primitive_transposes[custom_reduce_sum_p] = regle_transposee
batching.primitive_batchers[custom_reduce_sum_p] = regle_lot
