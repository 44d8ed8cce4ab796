def target(x, flag):
    y = lax.cond(flag, jnp.sin, jnp.cos, x)
    z = jax.jit(lambda t: jax.nn.relu(jnp.sin(t)))(y)
    return jnp.sum(z)


from collections import deque


def primitive_histogram(f, *args) -> Counter:
    # breadth-first over the jaxpr tree; order does not matter for counting
    queue: deque = deque([jax.make_jaxpr(f)(*args).jaxpr])
    tally: Counter = Counter()
    while queue:
        current = queue.popleft()
        tally.update(eqn.primitive.name for eqn in current.eqns)
        for eqn in current.eqns:
            queue.extend(je.core.jaxprs_in_params(eqn.params))
    return tally
