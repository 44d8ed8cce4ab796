def target(x, flag):
    y = lax.cond(flag, jnp.sin, jnp.cos, x)
    z = jax.jit(lambda t: jax.nn.relu(jnp.sin(t)))(y)
    return jnp.sum(z)


# 显式栈,避免递归太深
def primitive_histogram(f, *args):
    todo = [jax.make_jaxpr(f)(*args).jaxpr]
    seen = Counter()
    while todo:
        jp = todo.pop()
        for eqn in jp.eqns:
            seen[eqn.primitive.name] += 1
            todo.extend(je.core.jaxprs_in_params(eqn.params))
    return seen
