# ✍️ 作答区:练习 1(target 是题目要分析的函数,不要修改它)
def target(x, flag):
    y = lax.cond(flag, jnp.sin, jnp.cos, x)
    z = jax.jit(lambda t: jax.nn.relu(jnp.sin(t)))(y)
    return jnp.sum(z)


def primitive_histogram(f, *args):
    """原语名 -> 出现次数,递归统计 jax.make_jaxpr(f)(*args) 的所有子 jaxpr。"""
    closed = jax.make_jaxpr(f)(*args)
    result = Counter()
    # iterative depth-first walk; index-based so the list is never popped
    jaxprs = [closed.jaxpr]
    i = 0
    while i < len(jaxprs):
        for eqn in jaxprs[i].eqns:
            result[eqn.primitive.name] += 1
            for sub in je.core.jaxprs_in_params(eqn.params):
                jaxprs.append(sub)
        i += 1
    return result


# print(dict(primitive_histogram(target, jnp.ones(4), True)))
