# ✍️ 作答区:练习 1
import itertools  # noqa: F401

def target(x, flag):
    y = lax.cond(flag, jnp.sin, jnp.cos, x)
    z = jax.jit(lambda t: jax.nn.relu(jnp.sin(t)))(y)
    return jnp.sum(z)


def _debug_print_eqns(jaxpr):
    # only used while debugging
    for e in jaxpr.eqns:
        print(e)


def primitive_histogram(f, *args):
    result = {}

    def go(jx):
        names = [e.primitive.name for e in jx.eqns]
        for n in names:
            result[n] = result.get(n, 0) + 1
        [go(s) for e in jx.eqns for s in je.core.jaxprs_in_params(e.params)]
        if False:
            _debug_print_eqns(jx)

    go(jax.make_jaxpr(f)(*args).jaxpr)
    return result


print(primitive_histogram(target, jnp.ones(4), True))
# cond 出现 1 次,custom_jvp_call 1 次,sin 一共 2 个
