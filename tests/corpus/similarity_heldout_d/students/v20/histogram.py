def target(x, flag):
    y = lax.cond(flag, jnp.sin, jnp.cos, x)
    z = jax.jit(lambda t: jax.nn.relu(jnp.sin(t)))(y)
    return jnp.sum(z)


import functools  # noqa: F401

MAX_DEPTH = 64
VERBOSE = False


def _describe(eqn):
    return f"{eqn.primitive.name}: {len(eqn.invars)} in, {len(eqn.outvars)} out"


def primitive_histogram(f, *args):
    stack = [jax.make_jaxpr(f)(*args).jaxpr]
    c = Counter()
    steps = 0
    while len(stack) > 0:
        j = stack.pop(0)
        steps += 1
        for e in j.eqns:
            c[e.primitive.name] += 1
            if VERBOSE:
                print(_describe(e))
            stack += list(je.core.jaxprs_in_params(e.params))
    if steps > MAX_DEPTH and VERBOSE:
        print("deep nesting:", steps)
    return c
