# ✍️ 作答区:练习 1(target 是题目要分析的函数,不要修改它)
def target(x, flag):
    y = lax.cond(flag, jnp.sin, jnp.cos, x)
    z = jax.jit(lambda t: jax.nn.relu(jnp.sin(t)))(y)
    return jnp.sum(z)


from typing import NamedTuple


class Frame(NamedTuple):
    jaxpr: object
    depth: int


def primitive_histogram(f, *args):
    counts = Counter()
    frames = [Frame(jax.make_jaxpr(f)(*args).jaxpr, 0)]
    while frames:
        frame = frames.pop()
        for eqn in frame.jaxpr.eqns:
            counts[eqn.primitive.name] += 1
            frames.extend(Frame(sub, frame.depth + 1) for sub in je.core.jaxprs_in_params(eqn.params))
    return counts
