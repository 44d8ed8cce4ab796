# ✍️ 作答区:练习 1(target 是题目要分析的函数,不要修改它)
def target(x, flag):
    y = lax.cond(flag, jnp.sin, jnp.cos, x)
    z = jax.jit(lambda t: jax.nn.relu(jnp.sin(t)))(y)
    return jnp.sum(z)


def primitive_histogram(f, *args):
    """Count primitives in every level of the jaxpr, using match on each equation."""
    counts = Counter()

    def visit(node):
        match node:
            case je.core.Jaxpr():
                for eqn in node.eqns:
                    visit(eqn)
            case _:
                counts[node.primitive.name] += 1
                for inner in je.core.jaxprs_in_params(node.params):
                    visit(inner)

    visit(jax.make_jaxpr(f)(*args).jaxpr)
    return counts


print(dict(primitive_histogram(target, jnp.ones(4), True)))
