def target(x, flag):
    y = lax.cond(flag, jnp.sin, jnp.cos, x)
    z = jax.jit(lambda t: jax.nn.relu(jnp.sin(t)))(y)
    return jnp.sum(z)


def primitive_histogram(f, *args):
    closed = jax.make_jaxpr(f)(*args)
    todo = [closed.jaxpr]
    counter = {}
    # 用栈代替递归
    while todo:
        jaxpr = todo.pop()
        for equation in jaxpr.eqns:
            name = equation.primitive.name
            counter[name] = counter.get(name, 0) + 1
            todo.extend(je.core.jaxprs_in_params(equation.params))
    return counter
