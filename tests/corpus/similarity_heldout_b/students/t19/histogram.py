def target(x, flag):
    y = lax.cond(flag, jnp.sin, jnp.cos, x)
    z = jax.jit(lambda t: jax.nn.relu(jnp.sin(t)))(y)
    return jnp.sum(z)


from collections import defaultdict


def _count_into(jaxpr, table, level=0):
    # 把这一层的原语计入 table,再递归进入子 jaxpr
    for eqn in jaxpr.eqns:
        table[eqn.primitive.name] += 1
        inner_jaxprs = je.core.jaxprs_in_params(eqn.params)
        for inner in inner_jaxprs:
            _count_into(inner, table, level + 1)


def primitive_histogram(f, *args):
    table = defaultdict(int)
    _count_into(jax.make_jaxpr(f)(*args).jaxpr, table)
    return dict(table)


print(dict(primitive_histogram(target, jnp.ones(4), True)))
