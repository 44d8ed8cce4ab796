# ✍️ 作答区:练习 1(target 是题目要分析的函数,不要修改它)
def target(x, flag):
    y = lax.cond(flag, jnp.sin, jnp.cos, x)
    z = jax.jit(lambda t: jax.nn.relu(jnp.sin(t)))(y)
    return jnp.sum(z)


_SUB = {
    "jaxpr": lambda p: [p["jaxpr"]],
    "call_jaxpr": lambda p: [p["call_jaxpr"]],
    "fun_jaxpr": lambda p: [p["fun_jaxpr"]],
}
_inner = lambda j: getattr(j, "jaxpr", j)  # ClosedJaxpr -> Jaxpr


def primitive_histogram(f, *args):
    counts = Counter()
    todo = [jax.make_jaxpr(f)(*args).jaxpr]
    while todo:
        jaxpr = todo.pop()
        for eqn in jaxpr.eqns:
            counts[eqn.primitive.name] += 1
            for key, get in _SUB.items():
                if key in eqn.params:
                    todo.extend(_inner(j) for j in get(eqn.params))
    return counts
