def fusion_report(f, *args):
    compiled = jax.jit(f).lower(*args).compile()
    fusions = count_fusions(compiled.as_text())
    match compiled.cost_analysis():
        case dict() as cost:
            pass
        case [dict() as first, *_]:
            cost = first
        case _:
            cost = {}
    return fusions, cost.get("bytes accessed", 0.0)
