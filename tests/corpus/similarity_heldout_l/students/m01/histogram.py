# ✍️ 作答区:练习 1(target 是题目要分析的函数,不要修改它)
def target(x, flag):
    y = lax.cond(flag, jnp.sin, jnp.cos, x)
    z = jax.jit(lambda t: jax.nn.relu(jnp.sin(t)))(y)
    return jnp.sum(z)


def primitive_histogram(f, *args) -> Counter:
    """Count every primitive in the jaxpr of f, including all nested sub-jaxprs."""
    counts: Counter = Counter()

    def visit(jaxpr) -> None:
        # every equation counts once, then we descend into the jaxprs it carries
        for eqn in jaxpr.eqns:
            counts[eqn.primitive.name] += 1
            for inner in je.core.jaxprs_in_params(eqn.params):
                visit(inner)

    visit(jax.make_jaxpr(f)(*args).jaxpr)
    return counts


# print(dict(primitive_histogram(target, jnp.ones(4), True)))
# cond: 1, custom_jvp_call: 1 (relu), sin: 2
