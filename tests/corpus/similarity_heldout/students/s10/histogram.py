# 练习1
def target(x, flag):
    y = lax.cond(flag, jnp.sin, jnp.cos, x)
    z = jax.jit(lambda t: jax.nn.relu(jnp.sin(t)))(y)
    return jnp.sum(z)


def primitive_histogram(f, *args):
    jaxpr = jax.make_jaxpr(f)(*args)
    c = Counter()

    def rec(j):
        for eqn in j.eqns:
            c[eqn.primitive.name] += 1
            # 参数里是 ClosedJaxpr 的就递归
            for v in eqn.params.values():
                if isinstance(v, jax.extend.core.ClosedJaxpr):
                    rec(v.jaxpr)

    rec(jaxpr.jaxpr)
    return c


print(primitive_histogram(target, jnp.ones(4), True))
