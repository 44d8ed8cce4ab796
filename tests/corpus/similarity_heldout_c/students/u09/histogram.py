def _sub_jaxprs(params):
    # 参数里可能是 ClosedJaxpr、Jaxpr 或它们的元组(cond 的 branches)
    for v in params.values():
        items = v if isinstance(v, (tuple, list)) else (v,)
        for item in items:
            if isinstance(item, je.core.ClosedJaxpr):
                yield item.jaxpr
            elif isinstance(item, je.core.Jaxpr):
                yield item


def primitive_histogram(f, *args):
    c = Counter()

    def visit(jp):
        for eqn in jp.eqns:
            c[eqn.primitive.name] += 1
            for sub in _sub_jaxprs(eqn.params):
                visit(sub)

    visit(jax.make_jaxpr(f)(*args).jaxpr)
    return dict(c)
