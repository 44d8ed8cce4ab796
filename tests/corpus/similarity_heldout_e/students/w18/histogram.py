# ✍️ 作答区:练习 1(target 是题目要分析的函数,不要修改它)
def target(x, flag):
    y = lax.cond(flag, jnp.sin, jnp.cos, x)
    z = jax.jit(lambda t: jax.nn.relu(jnp.sin(t)))(y)
    return jnp.sum(z)


def primitive_histogram(f, *args):
    counts = Counter()

    def walk(jaxpr):
        for eqn in jaxpr.eqns:
            counts[eqn.primitive.name] += 1
            # nested programs live under the 'jaxpr' / 'call_jaxpr' params
            for key in ('jaxpr', 'call_jaxpr', 'body_jaxpr', 'cond_jaxpr'):
                sub = eqn.params.get(key)
                if sub is not None:
                    walk(getattr(sub, 'jaxpr', sub))

    walk(jax.make_jaxpr(f)(*args).jaxpr)
    return counts
