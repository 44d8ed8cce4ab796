def _costs(compiled):
    ca = compiled.cost_analysis()
    yield from (ca if isinstance(ca, list) else [ca])


def fusion_report(f, *args):
    compiled = jax.jit(f).lower(*args).compile()
    first = next(_costs(compiled))
    return count_fusions(compiled.as_text()), first["bytes accessed"]
