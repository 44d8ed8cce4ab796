# ✍️ 作答区:练习 1(target 是题目要分析的函数,不要修改它)
def target(x, flag):
    y = lax.cond(flag, jnp.sin, jnp.cos, x)
    z = jax.jit(lambda t: jax.nn.relu(jnp.sin(t)))(y)
    return jnp.sum(z)


import textwrap


def primitive_histogram(f, *args):
    """Tally every primitive of make_jaxpr(f)(*args), walking into nested jaxprs too.

    Keeps a stack of jaxprs still to look at; each equation adds one to its primitive and hands
    over the sub-jaxprs in its parameters.
    """
    tally = Counter()
    stack = [jax.make_jaxpr(f)(*args).jaxpr]
    while stack:
        current = stack.pop()
        for e in current.eqns:
            tally[e.primitive.name] += 1
            stack.extend(je.core.jaxprs_in_params(e.params))
    return tally


def print_tally(tally):
    text = ", ".join(f"{name}: {n}" for name, n in sorted(tally.items()))
    print(textwrap.indent(textwrap.fill(text, width=60), "    "))


print_tally(primitive_histogram(target, jnp.ones(4), True))
