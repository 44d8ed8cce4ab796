# ✍️ 作答区:练习 1(target 是题目要分析的函数,不要修改它)
def target(x, flag):
    y = lax.cond(flag, jnp.sin, jnp.cos, x)
    z = jax.jit(lambda t: jax.nn.relu(jnp.sin(t)))(y)
    return jnp.sum(z)


from collections import defaultdict


def primitive_histogram(f, *args):
    """原语名 -> 出现次数,递归统计 jax.make_jaxpr(f)(*args) 的所有子 jaxpr。"""
    counts = defaultdict(int)
    _tally(jax.make_jaxpr(f)(*args).jaxpr, counts)
    return dict(counts)


def _tally(jaxpr, counts):
    for eqn in jaxpr.eqns:
        for inner in je.core.jaxprs_in_params(eqn.params):
            _tally(inner, counts)
        counts[eqn.primitive.name] += 1


# print(dict(primitive_histogram(target, jnp.ones(4), True)))
