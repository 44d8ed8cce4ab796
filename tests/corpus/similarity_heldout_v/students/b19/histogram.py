# ✍️ 作答区:练习 1(target 是题目要分析的函数,不要修改它)
def target(x, flag):
    y = lax.cond(flag, jnp.sin, jnp.cos, x)
    z = jax.jit(lambda t: jax.nn.relu(jnp.sin(t)))(y)
    return jnp.sum(z)


def primitive_histogram(f, *args):
    """原语名 -> 出现次数,递归统计 jax.make_jaxpr(f)(*args) 的所有子 jaxpr。

    >>> h = primitive_histogram(lambda v: jnp.sin(jnp.sin(v)), 1.0)
    >>> h["sin"]
    2
    """
    hist = Counter()

    def visit(jaxpr):
        """
        >>> visit(jax.make_jaxpr(jnp.cos)(1.0).jaxpr)  # adds {'cos': 1}
        """
        for eqn in jaxpr.eqns:
            hist[eqn.primitive.name] += 1
            for inner in je.core.jaxprs_in_params(eqn.params):
                visit(inner)

    visit(jax.make_jaxpr(f)(*args).jaxpr)
    return hist


# print(dict(primitive_histogram(target, jnp.ones(4), True)))
