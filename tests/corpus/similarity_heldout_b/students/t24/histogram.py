def target(x, flag):
    y = lax.cond(flag, jnp.sin, jnp.cos, x)
    z = jax.jit(lambda t: jax.nn.relu(jnp.sin(t)))(y)
    return jnp.sum(z)


DEBUG = False


def primitive_histogram(f, *args):
    result = {}
    stack = [jax.make_jaxpr(f)(*args).jaxpr]
    while stack:
        jp = stack.pop()
        for q in jp.eqns:
            stack.extend(je.core.jaxprs_in_params(q.params))
            prim_name = q.primitive.name
            result[prim_name] = result.get(prim_name, 0) + 1
            if DEBUG:
                print(prim_name)
    return result


print(primitive_histogram(target, jnp.ones(4), True))
