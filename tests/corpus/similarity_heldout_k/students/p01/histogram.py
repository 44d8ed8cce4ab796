# ✍️ 作答区:练习 1(target 是题目要分析的函数,不要修改它)
def target(x, flag):
    y = lax.cond(flag, jnp.sin, jnp.cos, x)
    z = jax.jit(lambda t: jax.nn.relu(jnp.sin(t)))(y)
    return jnp.sum(z)


def primitive_histogram(f, *args) -> Counter:
    """原语名 -> 出现次数,递归统计 jax.make_jaxpr(f)(*args) 的所有子 jaxpr。"""
    closed = jax.make_jaxpr(f)(*args)
    counts: Counter = Counter()

    def visit(jaxpr) -> None:
        # every equation counts once, wherever it sits
        for eqn in jaxpr.eqns:
            counts[eqn.primitive.name] += 1
            # cond branches, while/scan bodies, inner jit, custom_jvp ... all live in params
            for inner in je.core.jaxprs_in_params(eqn.params):
                visit(inner)

    visit(closed.jaxpr)
    return counts


# print(dict(primitive_histogram(target, jnp.ones(4), True)))
