# Mistake: remembers each histogram by the function and the argument shapes, not their dtypes: the
# same function on the same shape in another dtype gets the first dtype's counts.
_seen = {}


def primitive_histogram(f, *args):
    key = (f, tuple(np.shape(a) for a in jax.tree_util.tree_leaves(args)))
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
