# ✍️ 作答区:练习 1(target 是题目要分析的函数,不要修改它)
def target(x, flag):
    y = lax.cond(flag, jnp.sin, jnp.cos, x)
    z = jax.jit(lambda t: jax.nn.relu(jnp.sin(t)))(y)
    return jnp.sum(z)


def primitive_histogram(f, *args):
    """Count primitives in the jaxpr of f and in all nested jaxprs (found by looking at params)."""
    hist = Counter()

    def subjaxprs(params):
        # params can hold a Jaxpr, a ClosedJaxpr, or a tuple of them (cond branches)
        for v in params.values():
            for item in (v if isinstance(v, (tuple, list)) else (v,)):
                if hasattr(item, "eqns"):
                    yield item
                elif hasattr(item, "jaxpr") and hasattr(item.jaxpr, "eqns"):
                    yield item.jaxpr

    def walk(jaxpr):
        for eqn in jaxpr.eqns:
            hist[eqn.primitive.name] += 1
            for sub in subjaxprs(eqn.params):
                walk(sub)

    walk(jax.make_jaxpr(f)(*args).jaxpr)
    return hist


# print(dict(primitive_histogram(target, jnp.ones(4), True)))
