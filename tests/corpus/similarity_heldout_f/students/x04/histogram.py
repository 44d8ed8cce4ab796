def target(x, flag):
    y = lax.cond(flag, jnp.sin, jnp.cos, x)
    z = jax.jit(lambda t: jax.nn.relu(jnp.sin(t)))(y)
    return jnp.sum(z)


from collections import deque


def primitive_histogram(f, *args):
    q = deque([jax.make_jaxpr(f)(*args).jaxpr])
    h = {}
    while q:
        j = q.popleft()
        for e in j.eqns:
            n = e.primitive.name
            h[n] = h.get(n, 0) + 1
            for s in je.core.jaxprs_in_params(e.params):
                q.append(s)
    return h
