# ✍️ 作答区:练习 1(target 是题目要分析的函数,不要修改它)
def target(x, flag):
    y = lax.cond(flag, jnp.sin, jnp.cos, x)
    z = jax.jit(lambda t: jax.nn.relu(jnp.sin(t)))(y)
    return jnp.sum(z)


def primitive_histogram(f, *args):
    """İlkel adı -> sayı; bütün alt jaxpr'lara da iner."""
    sayac = Counter()

    def gez(jaxpr):
        # her denklemi say, sonra parametrelerdeki alt jaxpr'lara in
        for denklem in jaxpr.eqns:
            sayac[denklem.primitive.name] += 1
            for alt in je.core.jaxprs_in_params(denklem.params):
                gez(alt)

    gez(jax.make_jaxpr(f)(*args).jaxpr)
    return sayac
