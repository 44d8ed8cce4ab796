# Mistake: the sub-jaxprs of one equation are deduplicated by identity, so branches that are the same
# function (JAX traces it once and puts one jaxpr object in several branch slots) are counted once.
def primitive_histogram(f, *args):
    c = Counter()

    def walk(jaxpr):
        for eqn in jaxpr.eqns:
            c[eqn.primitive.name] += 1
            for sub in {id(j): j for j in je.core.jaxprs_in_params(eqn.params)}.values():
                walk(sub)

    walk(jax.make_jaxpr(f)(*args))
    return c
