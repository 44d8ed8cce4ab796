# ✍️ 作答区:练习 1(target 是题目要分析的函数,不要修改它)
def target(x, flag):
    y = lax.cond(flag, jnp.sin, jnp.cos, x)
    z = jax.jit(lambda t: jax.nn.relu(jnp.sin(t)))(y)
    return jnp.sum(z)


def _expand(value):
    table = {
        "ClosedJaxpr": lambda v: [v.jaxpr],
        "Jaxpr": lambda v: [v],
        "tuple": lambda v: [j for item in v for j in _expand(item)],
        "list": lambda v: [j for item in v for j in _expand(item)],
    }
    return table.get(type(value).__name__, lambda v: [])(value)


def primitive_histogram(f, *args):
    counts = Counter()
    work = [jax.make_jaxpr(f)(*args).jaxpr]
    while work:
        jaxpr = work.pop()
        for eqn in jaxpr.eqns:
            counts[eqn.primitive.name] += 1
            for value in eqn.params.values():
                work.extend(_expand(value))
    return counts
