# ✍️ 作答区:练习 1(target 是题目要分析的函数,不要修改它)
def target(x, flag):
    y = lax.cond(flag, jnp.sin, jnp.cos, x)
    z = jax.jit(lambda t: jax.nn.relu(jnp.sin(t)))(y)
    return jnp.sum(z)


def primitive_histogram(f, *args):
    """原语名 -> 出现次数,递归统计 jax.make_jaxpr(f)(*args) 的所有子 jaxpr。"""
    # make_jaxpr gives a ClosedJaxpr, the equations are on .jaxpr
    top = jax.make_jaxpr(f)(*args).jaxpr
    table = {}

    def add(jaxpr):
        for eqn in jaxpr.eqns:
            table.setdefault(eqn.primitive.name, 0)
            table[eqn.primitive.name] += 1
            # cond branches / pjit / custom_jvp_call all have sub-jaxprs
            for sub in je.core.jaxprs_in_params(eqn.params):
                add(sub)

    add(top)
    # print(table)
    return table
