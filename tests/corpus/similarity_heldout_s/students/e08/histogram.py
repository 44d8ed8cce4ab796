# ✍️ 作答区:练习 1(target 是题目要分析的函数,不要修改它)
def target(x, flag):
    y = lax.cond(flag, jnp.sin, jnp.cos, x)
    z = jax.jit(lambda t: jax.nn.relu(jnp.sin(t)))(y)
    return jnp.sum(z)


def primitive_histogram(f, *args):
    counts = {}
    queue = [jax.make_jaxpr(f)(*args)]
    while True:
        if not queue:
            break
        closed = queue.pop(0)
        i = 0
        while True:
            if i >= len(closed.jaxpr.eqns):
                break
            eqn = closed.jaxpr.eqns[i]
            counts[eqn.primitive.name] = counts.get(eqn.primitive.name, 0) + 1
            # sub-computations are ClosedJaxpr params
            for value in eqn.params.values():
                if isinstance(value, je.core.ClosedJaxpr):
                    queue.append(value)
            i += 1
    return counts
