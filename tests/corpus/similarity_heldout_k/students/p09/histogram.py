from collections import defaultdict


def primitive_histogram(f, *args):
    result = defaultdict(int)
    pending = [jax.make_jaxpr(f)(*args).jaxpr]
    i = 0
    while i < len(pending):
        for eqn in pending[i].eqns:
            result[eqn.primitive.name] += 1
            for sub in je.core.jaxprs_in_params(eqn.params):
                pending.append(sub)
        i += 1
    return dict(result)
