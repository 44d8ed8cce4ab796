# ✍️ 作答区:练习 1(target 是题目要分析的函数,不要修改它)
def target(x, flag):
    y = lax.cond(flag, jnp.sin, jnp.cos, x)
    z = jax.jit(lambda t: jax.nn.relu(jnp.sin(t)))(y)
    return jnp.sum(z)


import textwrap


def primitive_histogram(f, *args):
    """Count primitives in the jaxpr of f(*args), sub-jaxprs included.

    A plain work list: pop a jaxpr, count its equations, push the jaxprs found in their params.
    """
    counts = Counter()
    todo = [jax.make_jaxpr(f)(*args).jaxpr]
    while todo:
        jx = todo.pop()
        for eqn in jx.eqns:
            counts[eqn.primitive.name] += 1
            todo.extend(je.core.jaxprs_in_params(eqn.params))
    return counts


def show_histogram(counts):
    lines = ", ".join(f"{k}: {v}" for k, v in sorted(counts.items()))
    print(textwrap.indent(textwrap.fill(lines, width=60), "    "))


show_histogram(primitive_histogram(target, jnp.ones(4), True))
