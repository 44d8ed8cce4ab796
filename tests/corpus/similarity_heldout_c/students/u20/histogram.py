def primitive_histogram(f, *args):
    c = Counter()

    def visit(jp):
        # 递归遍历每个方程,子 jaxpr 也一样计数
        for eqn in jp.eqns:
            c[eqn.primitive.name] += 1
            for inner in je.core.jaxprs_in_params(eqn.params):
                visit(inner)

    visit(jax.make_jaxpr(f)(*args).jaxpr)
    return c
