# ✍️ 作答区:练习 1(target 是题目要分析的函数,不要修改它)
def target(x, flag):
    y = lax.cond(flag, jnp.sin, jnp.cos, x)
    z = jax.jit(lambda t: jax.nn.relu(jnp.sin(t)))(y)
    return jnp.sum(z)


import itertools

VERBOSE = False
MAX_LEVELS = 64


def _show(counts):
    return ', '.join(f'{k}={v}' for k, v in sorted(counts.items()))


def primitive_histogram(f, *args) -> Counter:
    # Walk the top-level jaxpr and every sub-jaxpr found in an equation's params.
    closed_jaxpr = jax.make_jaxpr(f)(*args)
    primitive_counts: Counter = Counter()
    visited = 0

    def count_equations(current_jaxpr) -> None:
        nonlocal visited
        visited += 1
        for equation in current_jaxpr.eqns:
            primitive_counts[equation.primitive.name] += 1
            # cond branches, while cond/body, inner jit, custom_jvp, remat ...
            for nested_jaxpr in je.core.jaxprs_in_params(equation.params):
                count_equations(nested_jaxpr)

    count_equations(closed_jaxpr.jaxpr)
    if VERBOSE:
        print(visited, 'jaxprs:', _show(primitive_counts))
    return primitive_counts


# print(dict(primitive_histogram(target, jnp.ones(4), True)))
