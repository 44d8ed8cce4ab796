# ✍️ 作答区:练习 1(target 是题目要分析的函数,不要修改它)
def target(x, flag):
    y = lax.cond(flag, jnp.sin, jnp.cos, x)
    z = jax.jit(lambda t: jax.nn.relu(jnp.sin(t)))(y)
    return jnp.sum(z)


def primitive_histogram(f, *args):
    result = Counter()

    def add_all(jaxpr):
        for eqn in jaxpr.eqns:
            name = eqn.primitive.name
            if name in result:
                result[name] = result[name] + 1
            else:
                result[name] = 1
            subs = list(je.core.jaxprs_in_params(eqn.params))
            if subs:
                for sub in subs:
                    add_all(sub)
            else:
                pass

    add_all(jax.make_jaxpr(f)(*args).jaxpr)
    return result
