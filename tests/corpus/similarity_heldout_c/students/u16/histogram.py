def primitive_histogram(f, *args):
    hist = Counter()

    def go(jp):
        for eqn in jp.eqns:
            hist[eqn.primitive.name] += 1
            # sub-computations live in the jaxpr / call_jaxpr params
            for key in ("jaxpr", "call_jaxpr"):
                if key in eqn.params:
                    inner = eqn.params[key]
                    go(getattr(inner, "jaxpr", inner))

    go(jax.make_jaxpr(f)(*args).jaxpr)
    return hist
