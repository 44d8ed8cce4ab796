# ✍️ 作答区:练习 1(target 是题目要分析的函数,不要修改它)
def target(x, flag):
    y = lax.cond(flag, jnp.sin, jnp.cos, x)
    z = jax.jit(lambda t: jax.nn.relu(jnp.sin(t)))(y)
    return jnp.sum(z)


def _inner(value):
    match value:
        case je.core.ClosedJaxpr():
            return [value.jaxpr]
        case je.core.Jaxpr():
            return [value]
        case list() | tuple():
            return [j for v in value for j in _inner(v)]
        case _:
            return []


def primitive_histogram(f, *args):
    hist = {}
    todo = [jax.make_jaxpr(f)(*args).jaxpr]
    while todo:
        jx = todo.pop()
        for eqn in jx.eqns:
            match eqn.primitive.name:
                case name if name in hist:
                    hist[name] += 1
                case name:
                    hist[name] = 1
            for p in eqn.params.values():
                todo.extend(_inner(p))
    return hist
