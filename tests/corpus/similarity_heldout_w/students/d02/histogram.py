# ✍️ 作答区:练习 1(target 是题目要分析的函数,不要修改它)
def target(x, flag):
    y = lax.cond(flag, jnp.sin, jnp.cos, x)
    z = jax.jit(lambda t: jax.nn.relu(jnp.sin(t)))(y)
    return jnp.sum(z)


def primitive_histogram(f, *args):
    """原语名 -> 出现次数,递归统计 jax.make_jaxpr(f)(*args) 的所有子 jaxpr。"""
    tally = {}
    pending = [jax.make_jaxpr(f)(*args).jaxpr]
    while pending:
        if (jx := pending.pop()) is None:
            continue
        for eqn in jx.eqns:
            tally[nm] = tally.get((nm := eqn.primitive.name), 0) + 1
            if subs := list(je.core.jaxprs_in_params(eqn.params)):
                pending.extend(subs)
    return tally


# print(dict(primitive_histogram(target, jnp.ones(4), True)))
