def fusion_report(f, *args):
    exe = jax.jit(f).lower(*args).compile()
    match exe.cost_analysis():
        case [dict() as first, *_]:
            cost = first
        case dict() as cost:
            pass
        case _:
            cost = {}
    return count_fusions(exe.as_text()), cost.get("bytes accessed", 0.0)
