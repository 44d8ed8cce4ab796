# ✍️ 作答区:练习 1(target 是题目要分析的函数,不要修改它)
def target(x, flag):
    y = lax.cond(flag, jnp.sin, jnp.cos, x)
    z = jax.jit(lambda t: jax.nn.relu(jnp.sin(t)))(y)
    return jnp.sum(z)


def primitive_histogram(f, *args):
    """原语名 -> 出现次数,递归统计 jax.make_jaxpr(f)(*args) 的所有子 jaxpr。"""
    closed = jax.make_jaxpr(f)(*args)
    assert hasattr(closed, "jaxpr")

    def count(jaxpr):
        total = Counter()
        for eqn in jaxpr.eqns:
            total[eqn.primitive.name] += 1
            for sub in je.core.jaxprs_in_params(eqn.params):
                assert hasattr(sub, "eqns"), type(sub)
                total += count(sub)
        return total

    return count(closed.jaxpr)
