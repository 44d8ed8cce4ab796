from collections import deque


def target(x, flag):
    y = lax.cond(flag, jnp.sin, jnp.cos, x)
    z = jax.jit(lambda t: jax.nn.relu(jnp.sin(t)))(y)
    return jnp.sum(z)


def primitive_histogram(f, *args):
    """BFS over the jaxpr and all sub-jaxprs."""
    closed = jax.make_jaxpr(f)(*args)
    queue = deque([closed.jaxpr])
    histogram = {}
    while queue:
        current = queue.popleft()
        for eqn in current.eqns:
            key = eqn.primitive.name
            if key in histogram:
                histogram[key] += 1
            else:
                histogram[key] = 1
            queue.extend(je.core.jaxprs_in_params(eqn.params))
    return histogram


hist = primitive_histogram(target, jnp.ones(4), True)
for k in ("cond", "custom_jvp_call", "sin"):
    print(k, hist.get(k, 0))
