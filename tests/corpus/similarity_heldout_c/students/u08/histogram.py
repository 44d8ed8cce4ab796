def primitive_histogram(f, *args):
    counts = {}
    # explicit stack instead of recursion
    stack = [jax.make_jaxpr(f)(*args).jaxpr]
    while stack:
        jaxpr = stack.pop()
        for eqn in jaxpr.eqns:
            name = eqn.primitive.name
            counts[name] = counts.get(name, 0) + 1
            stack.extend(je.core.jaxprs_in_params(eqn.params))
    return counts
