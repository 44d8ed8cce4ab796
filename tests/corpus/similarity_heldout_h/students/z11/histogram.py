# ✍️ 作答区:练习 1(target 是题目要分析的函数,不要修改它)
def target(x, flag):
    y = lax.cond(flag, jnp.sin, jnp.cos, x)
    z = jax.jit(lambda t: jax.nn.relu(jnp.sin(t)))(y)
    return jnp.sum(z)


def primitive_histogram(f, *args):
    '''Return a Counter of primitive names over the jaxpr of f and all its sub-jaxprs.'''

    def walk(jaxpr, acc):
        '''Add the equations of jaxpr (and, recursively, of its sub-jaxprs) to acc.'''
        for eqn in jaxpr.eqns:
            acc[eqn.primitive.name] += 1
            for sub in je.core.jaxprs_in_params(eqn.params):
                walk(sub, acc)
        return acc

    return walk(jax.make_jaxpr(f)(*args).jaxpr, Counter())


# 写好之后对 target 运行一下,回答题目中的三个问题:
# print(dict(primitive_histogram(target, jnp.ones(4), True)))

