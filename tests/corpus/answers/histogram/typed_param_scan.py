# Right, another style: a work list over every param value (tuples and NamedTuples opened, None
# slots skipped), keeping whatever is a jax.extend.core.Jaxpr; each use of a shared object counts.
from collections import defaultdict

from jax.extend.core import Jaxpr


def primitive_histogram(f, *args):
    histogram = defaultdict(int)
    pending = [jax.make_jaxpr(f)(*args).jaxpr]
    while pending:
        jaxpr = pending.pop()
        for eqn in jaxpr.eqns:
            histogram[eqn.primitive.name] += 1
            for value in eqn.params.values():
                for item in value if isinstance(value, tuple) else (value,):
                    if isinstance(item, Jaxpr):
                        pending.append(item)
    return dict(histogram)
