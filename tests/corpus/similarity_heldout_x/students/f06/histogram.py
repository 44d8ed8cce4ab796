# ✍️ 作答区:练习 1(target 是题目要分析的函数,不要修改它)
def target(x, flag):
    y = lax.cond(flag, jnp.sin, jnp.cos, x)
    z = jax.jit(lambda t: jax.nn.relu(jnp.sin(t)))(y)
    return jnp.sum(z)


def primitive_histogram(f, *args):
    names = []

    def collect(jaxpr):
        for eqn in jaxpr.eqns:
            names.append(eqn.primitive.name)
            for sub in je.core.jaxprs_in_params(eqn.params):
                collect(sub)

    collect(jax.make_jaxpr(f)(*args).jaxpr)
    # count with NumPy first, then hand back plain Python types
    keys, counts = np.unique(np.array(names, dtype=object), return_counts=True)
    return {str(k): int(c) for k, c in zip(keys, counts)}


# print(primitive_histogram(target, jnp.ones(4), True))
