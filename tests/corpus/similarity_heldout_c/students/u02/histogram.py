def primitive_histogram(f, *args) -> Counter:
    c = Counter()

    def visit(jp):
        # walk every equation, recursing into sub-jaxprs
        for eqn in jp.eqns:
            c[eqn.primitive.name] += 1
            for inner in je.core.jaxprs_in_params(eqn.params):
                visit(inner)

    visit(jax.make_jaxpr(f)(*args).jaxpr)
    return c
