# ✍️ 作答区:练习 1(target 是题目要分析的函数,不要修改它)
def target(x, flag):
    y = lax.cond(flag, jnp.sin, jnp.cos, x)
    z = jax.jit(lambda t: jax.nn.relu(jnp.sin(t)))(y)
    return jnp.sum(z)


def primitive_histogram(f, *args):
    # [INFO] trace f once and take the outer jaxpr
    closed = jax.make_jaxpr(f)(*args)
    # [INFO] histogram: primitive name -> count
    histogram = {}
    # [INFO] jaxprs still to scan, outer one first
    to_scan = [closed.jaxpr]
    while to_scan:
        # [INFO] next jaxpr from the front of the list
        current = to_scan.pop(0)
        for eqn in current.eqns:
            # [INFO] one more occurrence of this primitive
            histogram[eqn.primitive.name] = histogram.get(eqn.primitive.name, 0) + 1
            # [INFO] queue every sub-jaxpr in the params (cond branches, loop bodies, jit, custom_jvp ...)
            to_scan.extend(je.core.jaxprs_in_params(eqn.params))
    # [INFO] done: a plain dict
    return histogram
