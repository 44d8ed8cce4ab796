# Mistake: remembers each histogram by the function and the bytes of its array arguments: the same
# data in another shape has the same bytes and gets the first shape's counts.
import hashlib

_seen = {}


def primitive_histogram(f, *args):
    digest = hashlib.sha256()
    for leaf in jax.tree_util.tree_leaves(args):
        digest.update(np.asarray(leaf).tobytes())
    key = (f, digest.hexdigest())
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
