from functools import reduce


def primitive_histogram(f, *args):
    # 递归:本层计数 + 每个子 jaxpr 的计数
    def h(j):
        subs = [h(s) for e in j.eqns for s in je.core.jaxprs_in_params(e.params)]
        return reduce(lambda a, b: a + b, subs, Counter(e.primitive.name for e in j.eqns))

    return h(jax.make_jaxpr(f)(*args).jaxpr)
