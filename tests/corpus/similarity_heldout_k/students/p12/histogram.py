# walk the jaxpr; nested ones sit in params['jaxpr'] / params['call_jaxpr']
def primitive_histogram(f, *args):
    counts = Counter()

    def go(jaxpr):
        for eqn in jaxpr.eqns:
            counts[eqn.primitive.name] += 1
            for key in ('jaxpr', 'call_jaxpr', 'fun_jaxpr'):
                sub = eqn.params.get(key)
                if sub is not None:
                    go(getattr(sub, 'jaxpr', sub))

    go(jax.make_jaxpr(f)(*args).jaxpr)
    return counts
