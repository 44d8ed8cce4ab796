def primitive_histogram(f, *args):
    表 = Counter()
    def 数(j):
        for e in j.eqns:
            表[e.primitive.name] += 1
            [数(s) for s in je.core.jaxprs_in_params(e.params)]
    数(jax.make_jaxpr(f)(*args).jaxpr)
    return 表
