# ✍️ 作答区:练习 1(target 是题目要分析的函数,不要修改它)
def target(x, flag):
    y = lax.cond(flag, jnp.sin, jnp.cos, x)
    z = jax.jit(lambda t: jax.nn.relu(jnp.sin(t)))(y)
    return jnp.sum(z)


DEBUG = False


def primitive_histogram(f, *args):
    hist = Counter()

    def go(jaxpr, level):
        for eqn in jaxpr.eqns:
            hist[eqn.primitive.name] += 1
            if DEBUG:
                print(f"{'  ' * level}{eqn.primitive.name}")
            for sub in je.core.jaxprs_in_params(eqn.params):
                go(sub, level + 1)

    go(jax.make_jaxpr(f)(*args).jaxpr, 0)
    if DEBUG:
        print(f"total = {sum(hist.values())}")
    return hist
