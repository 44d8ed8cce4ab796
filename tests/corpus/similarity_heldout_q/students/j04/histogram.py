# ✍️ 作答区:练习 1(target 是题目要分析的函数,不要修改它)
def target(x, flag):
    y = lax.cond(flag, jnp.sin, jnp.cos, x)
    z = jax.jit(lambda t: jax.nn.relu(jnp.sin(t)))(y)
    return jnp.sum(z)


def primitive_histogram(f, *args):
    def count(eqns):
        if not eqns:
            return Counter()
        head, rest = eqns[0], eqns[1:]
        inner = sum((count(list(j.eqns)) for j in je.core.jaxprs_in_params(head.params)), Counter())
        return Counter({head.primitive.name: 1}) + inner + count(rest)

    return count(list(jax.make_jaxpr(f)(*args).jaxpr.eqns))
