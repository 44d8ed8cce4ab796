import itertools

MAX_DEPTH = 64
DEBUG = False


def _sub_jaxprs(params):
    # 参数里可能是 ClosedJaxpr、Jaxpr 或它们的元组(cond 的 branches)
    for v in params.values():
        items = v if isinstance(v, (tuple, list)) else (v,)
        for item in items:
            if isinstance(item, je.core.ClosedJaxpr):
                yield item.jaxpr
            elif isinstance(item, je.core.Jaxpr):
                yield item


def _pretty(c):
    return ", ".join(f"{k}={v}" for k, v in sorted(c.items()))


def primitive_histogram(f, *args):
    c = Counter()

    def visit(jp):
        for eqn in jp.eqns:
            c[eqn.primitive.name] += 1
            if DEBUG:
                print("eqn", eqn.primitive.name, len(eqn.params))
            for sub in _sub_jaxprs(eqn.params):
                visit(sub)

    visit(jax.make_jaxpr(f)(*args).jaxpr)
    if DEBUG:
        print(_pretty(c))
    return dict(c)
