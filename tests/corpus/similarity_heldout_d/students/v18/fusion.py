def _optimized(f, args):
    return jax.jit(f).lower(*args).compile()


def _bytes(compiled):
    return compiled.cost_analysis()['bytes accessed']


def fusion_report(f, *args) -> tuple[int, float]:
    compiled = _optimized(f, args)
    hlo: str = compiled.as_text()
    num_fusions: int = count_fusions(hlo)
    return num_fusions, _bytes(compiled)
