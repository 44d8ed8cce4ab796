def primitive_histogram(f, *args):
    # flatten all nested jaxprs first, then count
    allj = [jax.make_jaxpr(f)(*args).jaxpr]
    for j in allj:  # list grows while we iterate
        for e in j.eqns:
            allj.extend(je.core.jaxprs_in_params(e.params))
    names = []
    for j in allj:
        names += [e.primitive.name for e in j.eqns]
    return Counter(names)
