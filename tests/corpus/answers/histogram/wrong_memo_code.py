# Mistake: remembers each histogram by the function's code object and the arguments' avals: two
# closures made by one factory share the code object, so the second gets the first one's counts.
_seen = {}


def primitive_histogram(f, *args):
    avals = tuple((np.shape(a), str(np.result_type(a))) for a in jax.tree_util.tree_leaves(args))
    key = (getattr(f, "__code__", f), avals)
    if key not in _seen:
        c = Counter()

        def walk(jaxpr):
            for eqn in jaxpr.eqns:
                c[eqn.primitive.name] += 1
                for sub in je.core.jaxprs_in_params(eqn.params):
                    walk(sub)

        walk(jax.make_jaxpr(f)(*args).jaxpr)
        _seen[key] = c
    return _seen[key]
