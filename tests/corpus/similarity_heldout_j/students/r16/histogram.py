def _visit(jaxpr, seen):
    '''Walk a jaxpr tree and remember how often each primitive shows up.'''
    for eqn in jaxpr.eqns:
        seen[eqn.primitive.name] += 1
        for sub in je.core.jaxprs_in_params(eqn.params):
            _visit(sub, seen)
    return seen


def primitive_histogram(f, *args):
    # fresh Counter each call so repeated calls don't pile up
    return _visit(jax.make_jaxpr(f)(*args).jaxpr, Counter())
