def primitive_histogram(f, *args):
    c = Counter()
    def go(j):
        for e in j.eqns:
            c[e.primitive.name] += 1
            for v in e.params.values():
                for s in (v if isinstance(v, (tuple, list)) else (v,)):
                    if hasattr(s, "eqns"):
                        go(s)
                    elif hasattr(s, "jaxpr") and hasattr(s.jaxpr, "eqns"):
                        go(s.jaxpr)
    go(jax.make_jaxpr(f)(*args).jaxpr)
    return c
