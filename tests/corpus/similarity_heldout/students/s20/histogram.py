def target(x, flag):
    y = lax.cond(flag, jnp.sin, jnp.cos, x)
    z = jax.jit(lambda t: jax.nn.relu(jnp.sin(t)))(y)
    return jnp.sum(z)


def primitive_histogram(f, *args):
    """递归统计 jaxpr 以及所有子 jaxpr 中的原语。"""
    closed = jax.make_jaxpr(f)(*args)
    table = {}

    def visit(node):
        for eqn in node.eqns:
            name = eqn.primitive.name
            if name in table:
                table[name] += 1
            else:
                table[name] = 1
            for child in je.core.jaxprs_in_params(eqn.params):
                visit(child)

    visit(closed.jaxpr)
    return table


table = primitive_histogram(target, jnp.ones(4), True)
for name in ("cond", "custom_jvp_call", "sin"):
    print(name, table.get(name, 0))
