# ✍️ 作答区:练习 1(target 是题目要分析的函数,不要修改它)
def target(x, flag):
    y = lax.cond(flag, jnp.sin, jnp.cos, x)
    z = jax.jit(lambda t: jax.nn.relu(jnp.sin(t)))(y)
    return jnp.sum(z)


def _count(jaxpr) -> Counter:
    tally = Counter(eqn.primitive.name for eqn in jaxpr.eqns)  # 本层每个方程计一次
    for eqn in jaxpr.eqns:
        match_subs = [
            _count(sub.jaxpr) if isinstance(sub, je.core.ClosedJaxpr) else _count(sub)  # 子 jaxpr 递归
            for sub in je.core.jaxprs_in_params(eqn.params)
        ]
        tally += sum(match_subs, Counter())  # 加上所有子 jaxpr 的计数
    return tally


def primitive_histogram(f, *args):
    return _count(jax.make_jaxpr(f)(*args).jaxpr)  # 从最外层开始
