def fusion_report(f, *args):
    tmp = jax.jit(f)
    tmp = tmp.lower(*args)
    tmp = tmp.compile()
    res = tmp.cost_analysis()
    if not res:
        res = {"bytes accessed": 0.0}
    return count_fusions(tmp.as_text()), res["bytes accessed"]
