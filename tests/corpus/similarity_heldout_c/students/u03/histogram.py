def _sub_jaxprs(params):
    for v in params.values():
        items = v if isinstance(v, (tuple, list)) else (v,)
        for item in items:
            if isinstance(item, je.core.ClosedJaxpr):
                yield item.jaxpr
            elif isinstance(item, je.core.Jaxpr):
                yield item


def primitive_histogram(f, *args):
    hist = Counter()

    def _count_eqns(j):
        for eqn in j.eqns:
            hist[eqn.primitive.name] += 1
            for sub in _sub_jaxprs(eqn.params):
                _count_eqns(sub)

    _count_eqns(jax.make_jaxpr(f)(*args).jaxpr)
    return dict(hist)
