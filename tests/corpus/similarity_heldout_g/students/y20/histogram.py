# ✍️ 作答区:练习 1(target 是题目要分析的函数,不要修改它)
def target(x, flag):
    y = lax.cond(flag, jnp.sin, jnp.cos, x)
    z = jax.jit(lambda t: jax.nn.relu(jnp.sin(t)))(y)
    return jnp.sum(z)


def primitive_histogram(f, *args):
    """Counts of each primitive name in make_jaxpr(f)(*args), nested jaxprs included."""
    result = {}

    def visit(jx):
        for eq in jx.eqns:
            result.setdefault(eq.primitive.name, 0)
            result[eq.primitive.name] += 1
            # sub-jaxprs
            for inner in je.core.jaxprs_in_params(eq.params):
                visit(inner)

    visit(jax.make_jaxpr(f)(*args).jaxpr)
    return result


# 写好之后对 target 运行一下,回答题目中的三个问题:
# print(dict(primitive_histogram(target, jnp.ones(4), True)))
