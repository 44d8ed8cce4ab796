# Mistake: a hand list of the param names that hold a jaxpr, complete for every primitive of the
# course's examples and the scatters (`update_jaxpr`). JAX 0.12 has more: `remat_opt` keeps its
# forward function under `fwd_jaxpr` (the jvp of a custom_vjp with optimize_remat), and
# `select_and_scatter` its two functions under `select_jaxpr` / `scatter_jaxpr`.
KNOWN_PARAMS = ("jaxpr", "call_jaxpr", "branches", "cond_jaxpr", "body_jaxpr", "call", "callee", "jaxprs",
                "update_jaxpr")


def primitive_histogram(f, *args):
    counts = Counter()

    def visit(jaxpr):
        for eqn in jaxpr.eqns:
            counts[eqn.primitive.name] += 1
            for key in KNOWN_PARAMS:
                value = eqn.params.get(key)
                for sub in value if isinstance(value, (tuple, list)) else [value]:
                    if sub is not None:
                        visit(getattr(sub, "jaxpr", sub))

    visit(jax.make_jaxpr(f)(*args).jaxpr)
    return counts
