# ✍️ 作答区:练习 1(target 是题目要分析的函数,不要修改它)
def target(x, flag):
    y = lax.cond(flag, jnp.sin, jnp.cos, x)
    z = jax.jit(lambda t: jax.nn.relu(jnp.sin(t)))(y)
    return jnp.sum(z)


def primitive_histogram(f, *args):
    """Histogram of primitive names in the jaxpr of ``f(*args)``.

    The walk descends into every sub-jaxpr that an equation carries in its
    parameters (``cond`` branches, the body of a nested ``jit``, the call
    jaxpr of a ``custom_jvp``), so inner primitives are counted too.
    """
    histogram = Counter()

    def descend(jaxpr, depth=0):
        for equation in jaxpr.eqns:
            histogram[equation.primitive.name] += 1
            for sub_jaxpr in je.core.jaxprs_in_params(equation.params):
                descend(sub_jaxpr, depth + 1)

    descend(jax.make_jaxpr(f)(*args).jaxpr)
    return histogram
