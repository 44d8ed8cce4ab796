# ✍️ 作答区:练习 1(target 是题目要分析的函数,不要修改它)
def target(x, flag):
    y = lax.cond(flag, jnp.sin, jnp.cos, x)
    z = jax.jit(lambda t: jax.nn.relu(jnp.sin(t)))(y)
    return jnp.sum(z)


def primitive_histogram(f, *args) -> Counter:
    cj = jax.make_jaxpr(f)(*args)
    res: Counter = Counter()

    def rec(jx) -> None:
        for e in jx.eqns:
            res[e.primitive.name] += 1
            for sj in je.core.jaxprs_in_params(e.params):
                rec(sj)

    rec(cj.jaxpr)
    return res
