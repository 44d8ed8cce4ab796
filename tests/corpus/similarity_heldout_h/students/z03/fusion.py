def _compile(f, args):
    return jax.jit(f).lower(*args).compile()


def fusion_report(f, *args):
    c = _compile(f, args)
    ca = c.cost_analysis()
    return count_fusions(c.as_text()), ca['bytes accessed']
