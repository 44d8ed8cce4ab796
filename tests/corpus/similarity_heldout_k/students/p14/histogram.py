# ✍️ 作答区:练习 1(target 是题目要分析的函数,不要修改它)
def target(x, flag):
    y = lax.cond(flag, jnp.sin, jnp.cos, x)
    z = jax.jit(lambda t: jax.nn.relu(jnp.sin(t)))(y)
    return jnp.sum(z)


def _sub_jaxprs(eqn) -> list:
    # whatever the primitive keeps in its params: branches, bodies, inner calls
    return list(je.core.jaxprs_in_params(eqn.params))


def _histogram_of(jaxpr) -> Counter:
    result: Counter = Counter(eqn.primitive.name for eqn in jaxpr.eqns)
    for eqn in jaxpr.eqns:
        for sub in _sub_jaxprs(eqn):
            result.update(_histogram_of(sub))
    return result


def primitive_histogram(f, *args) -> Counter:
    """原语名 -> 出现次数,递归统计 jax.make_jaxpr(f)(*args) 的所有子 jaxpr。"""
    return _histogram_of(jax.make_jaxpr(f)(*args).jaxpr)


# print(dict(primitive_histogram(target, jnp.ones(4), True)))
