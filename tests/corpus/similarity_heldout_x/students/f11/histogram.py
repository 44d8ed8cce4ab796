# ✍️ 作答区:练习 1(target 是题目要分析的函数,不要修改它)
def target(x, flag):
    y = lax.cond(flag, jnp.sin, jnp.cos, x)
    z = jax.jit(lambda t: jax.nn.relu(jnp.sin(t)))(y)
    return jnp.sum(z)


from collections import defaultdict


def primitive_histogram(f, *args):
    """Conta le primitive di f(*args), entrando in ogni sotto-jaxpr (cond, while, scan, jit, ...)."""
    conteggio = defaultdict(int)

    def visita(jaxpr):
        # ogni equazione conta una volta, poi si scende nei jaxpr annidati nei suoi parametri
        for equazione in jaxpr.eqns:
            conteggio[str(equazione.primitive)] += 1
            for sotto in je.core.jaxprs_in_params(equazione.params):
                visita(sotto)

    visita(jax.make_jaxpr(f)(*args))
    return dict(conteggio)


# print(dict(primitive_histogram(target, jnp.ones(4), True)))
