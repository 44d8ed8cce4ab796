def primitive_histogram(f, *args) -> Counter:
    """Histogram of primitive names over the jaxpr of f and all of its sub-jaxprs."""
    histogram: Counter = Counter()
    pending = [jax.make_jaxpr(f)(*args).jaxpr]  # jaxprs not visited yet
    while pending:
        current = pending.pop()
        for equation in current.eqns:
            histogram[equation.primitive.name] += 1
            # sub-jaxprs (branches, loop bodies, inner jit) are visited later
            pending += list(je.core.jaxprs_in_params(equation.params))
    return histogram
