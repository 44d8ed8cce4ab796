# ✍️ 作答区:练习 1(target 是题目要分析的函数,不要修改它)
def target(x, flag):
    y = lax.cond(flag, jnp.sin, jnp.cos, x)
    z = jax.jit(lambda t: jax.nn.relu(jnp.sin(t)))(y)
    return jnp.sum(z)


def primitive_histogram(f, *args) -> Counter:
    """原语名 -> 出现次数,递归统计 jax.make_jaxpr(f)(*args) 的所有子 jaxpr。"""
    counts: Counter = Counter()
    pending: list = [jax.make_jaxpr(f)(*args).jaxpr]
    # breadth-first over the jaxpr and every jaxpr nested in a parameter
    while pending:
        current = pending.pop(0)
        for eqn in current.eqns:
            counts[eqn.primitive.name] += 1
            pending.extend(je.core.jaxprs_in_params(eqn.params))
    return counts
