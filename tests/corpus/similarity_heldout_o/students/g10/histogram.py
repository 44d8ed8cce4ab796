# ✍️ 作答区:练习 1(target 是题目要分析的函数,不要修改它)
def target(x, flag):
    y = lax.cond(flag, jnp.sin, jnp.cos, x)
    z = jax.jit(lambda t: jax.nn.relu(jnp.sin(t)))(y)
    return jnp.sum(z)


def primitive_histogram(f, *args):
    def count_into(jaxpr, acc, depth=0):
        for eqn in jaxpr.eqns:
            acc[eqn.primitive.name] = acc.get(eqn.primitive.name, 0) + 1
            for sub in je.core.jaxprs_in_params(eqn.params):
                count_into(sub, acc, depth + 1)
        return acc

    return Counter(count_into(jax.make_jaxpr(f)(*args).jaxpr, {}))
