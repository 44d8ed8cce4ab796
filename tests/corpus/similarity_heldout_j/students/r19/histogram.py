class _PrimitiveCounter:
    """Walks a jaxpr tree and remembers how often each primitive shows up."""

    def __init__(self):
        self.seen = Counter()

    def visit(self, jaxpr):
        for eqn in jaxpr.eqns:
            self.seen[eqn.primitive.name] += 1
            for sub in je.core.jaxprs_in_params(eqn.params):
                self.visit(sub)
        return self


def primitive_histogram(f, *args):
    # a fresh counter per call, so repeated calls do not accumulate
    return _PrimitiveCounter().visit(jax.make_jaxpr(f)(*args).jaxpr).seen
