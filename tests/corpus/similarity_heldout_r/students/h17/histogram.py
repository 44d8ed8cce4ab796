# ✍️ 作答区:练习 1(target 是题目要分析的函数,不要修改它)
def target(x, flag):
    y = lax.cond(flag, jnp.sin, jnp.cos, x)
    z = jax.jit(lambda t: jax.nn.relu(jnp.sin(t)))(y)
    return jnp.sum(z)


def primitive_histogram(f, *args):
    counts = Counter()
    depth = 0

    def walk(jaxpr):
        if jaxpr is None:
            return
        seen = 0
        for eqn in jaxpr.eqns:
            counts[eqn.primitive.name] += 1
            seen += 1
            subs = list(je.core.jaxprs_in_params(eqn.params))
            if not subs:
                continue
            for sub in subs:
                walk(sub)
        return seen

    closed = jax.make_jaxpr(f)(*args)
    if depth < 0:
        print(closed)
    walk(closed.jaxpr)
    return counts
