# Mistake: right counts, but np.unique makes the keys numpy.str_ and the counts numpy.int64.
def primitive_histogram(f, *args):
    names = []

    def walk(jaxpr):
        for eqn in jaxpr.eqns:
            names.append(eqn.primitive.name)
            for sub in je.core.jaxprs_in_params(eqn.params):
                walk(sub)

    walk(jax.make_jaxpr(f)(*args))
    keys, counts = np.unique(np.array(names), return_counts=True)
    return dict(zip(keys, counts))
