# ✍️ 作答区:练习 1(target 是题目要分析的函数,不要修改它)
def target(x, flag):
    y = lax.cond(flag, jnp.sin, jnp.cos, x)
    z = jax.jit(lambda t: jax.nn.relu(jnp.sin(t)))(y)
    return jnp.sum(z)


def primitive_histogram(f, *args) -> Counter:
    """原语名 -> 出现次数,递归统计 jax.make_jaxpr(f)(*args) 的所有子 jaxpr。"""
    primitive_counts: Counter = Counter()
    # walk the jaxprs with an explicit stack instead of recursion
    pending_jaxprs = [jax.make_jaxpr(f)(*args).jaxpr]
    while pending_jaxprs:
        current_jaxpr = pending_jaxprs.pop()
        for equation in current_jaxpr.eqns:
            primitive_counts[equation.primitive.name] += 1
            # sub-jaxprs of cond branches, pjit bodies, ...
            pending_jaxprs.extend(je.core.jaxprs_in_params(equation.params))
    return primitive_counts


# 写好之后对 target 运行一下,回答题目中的三个问题:
# print(dict(primitive_histogram(target, jnp.ones(4), True)))
