# ✍️ 作答区:练习 1(target 是题目要分析的函数,不要修改它)
def target(x, flag):
    y = lax.cond(flag, jnp.sin, jnp.cos, x)
    z = jax.jit(lambda t: jax.nn.relu(jnp.sin(t)))(y)
    return jnp.sum(z)


def primitive_histogram(f, *args):
    """Count primitives in the jaxpr of ``f`` and in every nested jaxpr.

    :param f: the function to trace
    :param args: example arguments
    :return: a Counter from primitive name to count
    """
    result = Counter()

    def visit(jaxpr):
        """:param jaxpr: an open jaxpr whose equations are counted"""
        for eqn in jaxpr.eqns:
            result[eqn.primitive.name] += 1
            for inner in je.core.jaxprs_in_params(eqn.params):
                visit(inner)

    visit(jax.make_jaxpr(f)(*args).jaxpr)
    return result
