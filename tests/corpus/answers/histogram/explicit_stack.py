# Correct, written differently: explicit stack, hand-rolled search of the params (tuples, lists,
# objects with .eqns), returns a plain dict.
def primitive_histogram(f, *args):
    counts = {}
    stack = [jax.make_jaxpr(f)(*args)]
    while stack:
        jaxpr = stack.pop()
        for eqn in jaxpr.eqns:
            counts[eqn.primitive.name] = counts.get(eqn.primitive.name, 0) + 1
            pending = list(eqn.params.values())
            while pending:
                v = pending.pop()
                if isinstance(v, (tuple, list)):
                    pending.extend(v)
                elif hasattr(v, "eqns"):
                    stack.append(v)
    return counts
