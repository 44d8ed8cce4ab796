def target(x, flag):
    y = lax.cond(flag, jnp.sin, jnp.cos, x)
    z = jax.jit(lambda t: jax.nn.relu(jnp.sin(t)))(y)
    return jnp.sum(z)


from collections import defaultdict


def _visit(jaxpr, table):
    for eqn in jaxpr.eqns:
        table[eqn.primitive.name] += 1
        for inner in je.core.jaxprs_in_params(eqn.params):
            _visit(inner, table)


def primitive_histogram(f, *args):
    table = defaultdict(int)
    _visit(jax.make_jaxpr(f)(*args).jaxpr, table)
    return dict(table)
