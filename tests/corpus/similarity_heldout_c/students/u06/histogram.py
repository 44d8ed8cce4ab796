def _sub_jaxprs(params):
    for v in params.values():
        items = v if isinstance(v, (tuple, list)) else (v,)
        for item in items:
            if isinstance(item, je.core.ClosedJaxpr):
                yield item.jaxpr
            elif isinstance(item, je.core.Jaxpr):
                yield item


def primitive_histogram(f, *args):
    counts = Counter()

    def walk(jaxpr):
        for eqn in jaxpr.eqns:
            counts[eqn.primitive.name] += 1
            for sub in _sub_jaxprs(eqn.params):
                walk(sub)

    walk(jax.make_jaxpr(f)(*args).jaxpr)
    return dict(counts)
