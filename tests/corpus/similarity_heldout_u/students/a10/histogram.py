# ✍️ 作答区:练习 1(target 是题目要分析的函数,不要修改它)
def target(x, flag):
    y = lax.cond(flag, jnp.sin, jnp.cos, x)
    z = jax.jit(lambda t: jax.nn.relu(jnp.sin(t)))(y)
    return jnp.sum(z)


__all__ = ["primitive_histogram"]

SUBJAXPRS = je.core.jaxprs_in_params
MAX_DEPTH = 10_000


def primitive_histogram(f, *args):
    result = Counter()
    frontier = [(jax.make_jaxpr(f)(*args).jaxpr, 0)]
    while frontier:
        jaxpr, depth = frontier.pop()
        if depth > MAX_DEPTH:
            raise RecursionError("jaxpr nested too deeply")
        for eqn in jaxpr.eqns:
            result[eqn.primitive.name] += 1
            frontier.extend((sub, depth + 1) for sub in SUBJAXPRS(eqn.params))
    return result
