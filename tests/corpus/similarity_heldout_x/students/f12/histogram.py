# ✍️ 作答区:练习 1(target 是题目要分析的函数,不要修改它)
def target(x, flag):
    y = lax.cond(flag, jnp.sin, jnp.cos, x)
    z = jax.jit(lambda t: jax.nn.relu(jnp.sin(t)))(y)
    return jnp.sum(z)


import heapq


def primitive_histogram(f, *args):
    counts = Counter()
    # (depth, order, jaxpr): shallow jaxprs come out of the heap first; `order` breaks ties
    heap = [(0, 0, jax.make_jaxpr(f)(*args).jaxpr)]
    order = 1
    while heap:
        depth, _, jaxpr = heapq.heappop(heap)
        for eqn in jaxpr.eqns:
            counts[eqn.primitive.name] += 1
            for sub in je.core.jaxprs_in_params(eqn.params):
                heapq.heappush(heap, (depth + 1, order, sub))
                order += 1
    return counts


# print(primitive_histogram(target, jnp.ones(4), True))
