# ✍️ 作答区:练习 1(target 是题目要分析的函数,不要修改它)
def target(x, flag):
    y = lax.cond(flag, jnp.sin, jnp.cos, x)
    z = jax.jit(lambda t: jax.nn.relu(jnp.sin(t)))(y)
    return jnp.sum(z)


def primitive_histogram(f, *args):
    """Histogram of primitive names over the jaxpr of f and every nested jaxpr.

    Nested jaxprs (cond branches, loop bodies, inner jit, custom_jvp, remat) are
    reached through je.core.jaxprs_in_params and counted like the outer level.
    """
    counts = {}

    def visit(jaxpr):
        """Add the equations of one jaxpr (and its children) to counts."""
        for eqn in jaxpr.eqns:
            name = eqn.primitive.name
            counts[name] = counts.get(name, 0) + 1
            for child in je.core.jaxprs_in_params(eqn.params):
                visit(child)

    visit(jax.make_jaxpr(f)(*args).jaxpr)
    return counts


# print(dict(primitive_histogram(target, jnp.ones(4), True)))
