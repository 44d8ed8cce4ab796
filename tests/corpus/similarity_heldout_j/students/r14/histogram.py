# ✍️ 作答区:练习 1(target 是题目要分析的函数,不要修改它)
def target(x, flag):
    y = lax.cond(flag, jnp.sin, jnp.cos, x)
    z = jax.jit(lambda t: jax.nn.relu(jnp.sin(t)))(y)
    return jnp.sum(z)


def _tally(jaxpr, table: dict[str, int]) -> None:
    """Adds one to table[name] for every equation of jaxpr and its sub-jaxprs."""
    for eqn in jaxpr.eqns:
        table.setdefault(eqn.primitive.name, 0)
        table[eqn.primitive.name] += 1
        for inner in je.core.jaxprs_in_params(eqn.params):
            _tally(inner, table)


def primitive_histogram(f, *args) -> dict[str, int]:
    """Primitive name -> count over jax.make_jaxpr(f)(*args), recursing into sub-jaxprs."""
    table: dict[str, int] = {}
    _tally(jax.make_jaxpr(f)(*args), table)
    return table


# print(dict(primitive_histogram(target, jnp.ones(4), True)))
