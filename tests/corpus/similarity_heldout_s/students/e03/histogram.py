# ✍️ 作答区:练习 1(target 是题目要分析的函数,不要修改它)
def target(x, flag):
    y = lax.cond(flag, jnp.sin, jnp.cos, x)
    z = jax.jit(lambda t: jax.nn.relu(jnp.sin(t)))(y)
    return jnp.sum(z)


def primitive_histogram(f, *args):
    """原语名 -> 出现次数,递归统计 jax.make_jaxpr(f)(*args) 的所有子 jaxpr。"""
    tally = Counter()
    stack = [jax.make_jaxpr(f)(*args).jaxpr]
    while stack and (cur := stack.pop()) is not None:
        for eqn in cur.eqns:
            tally[eqn.primitive.name] += 1
            if subs := list(je.core.jaxprs_in_params(eqn.params)):
                stack.extend(subs)
    return tally


# 写好之后对 target 运行一下,回答题目中的三个问题:
# print(dict(primitive_histogram(target, jnp.ones(4), True)))
