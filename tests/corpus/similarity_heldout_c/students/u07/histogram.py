def primitive_histogram(f, *args):
    counts = Counter()

    def walk(jaxpr):
        # 递归遍历每个方程,子 jaxpr 也一样计数
        counts.update(eqn.primitive.name for eqn in jaxpr.eqns)
        [walk(sub) for eqn in jaxpr.eqns for sub in je.core.jaxprs_in_params(eqn.params)]

    walk(jax.make_jaxpr(f)(*args).jaxpr)
    return counts
