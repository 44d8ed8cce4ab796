from functools import reduce


def primitive_histogram(f, *args):
    '''primitive name -> count, nested jaxprs included'''
    def count(jx):
        mine = Counter([e.primitive.name for e in jx.eqns])
        subs = [count(s) for e in jx.eqns for s in je.core.jaxprs_in_params(e.params)]
        return reduce(lambda a, b: a + b, subs, mine)
    return count(jax.make_jaxpr(f)(*args).jaxpr)
