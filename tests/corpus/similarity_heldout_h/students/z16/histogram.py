# ✍️ 作答区:练习 1(target 是题目要分析的函数,不要修改它)
def target(x, flag):
    y = lax.cond(flag, jnp.sin, jnp.cos, x)
    z = jax.jit(lambda t: jax.nn.relu(jnp.sin(t)))(y)
    return jnp.sum(z)


def _subs(eqn):
    # 一个方程参数里的子 jaxpr
    return je.core.jaxprs_in_params(eqn.params)


def _walk(jaxpr, counter):
    for eqn in jaxpr.eqns:
        counter[eqn.primitive.name] += 1
        for s in _subs(eqn):
            _walk(s, counter)


def primitive_histogram(f, *args):
    """原语名 -> 出现次数,递归统计 jax.make_jaxpr(f)(*args) 的所有子 jaxpr。"""
    counter = Counter()
    _walk(jax.make_jaxpr(f)(*args).jaxpr, counter)  # 从最外层开始
    return counter


# 写好之后对 target 运行一下,回答题目中的三个问题:
# print(dict(primitive_histogram(target, jnp.ones(4), True)))

