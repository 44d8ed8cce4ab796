from typing import Callable


def target(x, flag):
    y = lax.cond(flag, jnp.sin, jnp.cos, x)
    z = jax.jit(lambda t: jax.nn.relu(jnp.sin(t)))(y)
    return jnp.sum(z)


def primitive_histogram(f: Callable, *args) -> Counter:
    counter = Counter()

    def visit(jaxpr):
        for equation in jaxpr.eqns:
            counter[equation.primitive.name] += 1
            for sub in je.core.jaxprs_in_params(equation.params):
                visit(sub)

    closed = jax.make_jaxpr(f)(*args)
    visit(closed.jaxpr)
    return counter
