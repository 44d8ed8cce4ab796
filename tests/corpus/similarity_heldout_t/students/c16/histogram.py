# ✍️ 作答区:练习 1(target 是题目要分析的函数,不要修改它)
def target(x, flag):
    y = lax.cond(flag, jnp.sin, jnp.cos, x)
    z = jax.jit(lambda t: jax.nn.relu(jnp.sin(t)))(y)
    return jnp.sum(z)


from collections import defaultdict


def _all_eqns(jaxpr):
    if jaxpr is None:
        raise ValueError("没有 jaxpr")
    eqns = []
    for eqn in jaxpr.eqns:
        eqns += [eqn]
        for sub in je.core.jaxprs_in_params(eqn.params):
            eqns += _all_eqns(sub)
    return eqns


def primitive_histogram(f, *args):
    if not callable(f):
        raise TypeError(f"{f!r} 不是函数")
    hist = defaultdict(int)
    for eqn in _all_eqns(jax.make_jaxpr(f)(*args).jaxpr):
        hist[eqn.primitive.name] += 1
    return dict(hist)
