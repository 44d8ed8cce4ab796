# ✍️ 作答区:练习 1(target 是题目要分析的函数,不要修改它)
def target(x, flag):
    y = lax.cond(flag, jnp.sin, jnp.cos, x)
    z = jax.jit(lambda t: jax.nn.relu(jnp.sin(t)))(y)
    return jnp.sum(z)


from collections import defaultdict


def primitive_histogram(f, *args):
    """原语名 -> 出现次数,递归统计 jax.make_jaxpr(f)(*args) 的所有子 jaxpr。"""
    jaxprs = [jax.make_jaxpr(f)(*args).jaxpr]
    hist = defaultdict(int)
    i = 0
    while i < len(jaxprs):
        for eqn in jaxprs[i].eqns:
            hist[eqn.primitive.name] += 1
            jaxprs.extend(je.core.jaxprs_in_params(eqn.params))
        i += 1
    return dict(hist)


# print(dict(primitive_histogram(target, jnp.ones(4), True)))
