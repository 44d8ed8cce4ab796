def target(x, flag):
    y = lax.cond(flag, jnp.sin, jnp.cos, x)
    z = jax.jit(lambda t: jax.nn.relu(jnp.sin(t)))(y)
    return jnp.sum(z)


def primitive_histogram(f, *args):
    top = jax.make_jaxpr(f)(*args)
    queue = [top.jaxpr]
    counter = Counter()
    i = 0
    # 广度优先
    while i < len(queue):
        for equation in queue[i].eqns:
            counter[equation.primitive.name] += 1
            queue += list(je.core.jaxprs_in_params(equation.params))
        i += 1
    return counter


print(dict(primitive_histogram(target, jnp.ones(4), True)))
