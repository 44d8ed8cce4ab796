def fusion_report(f, *args):
    bianyi = jax.jit(f).lower(*args).compile()
    tiaoshu = count_fusions(bianyi.as_text())
    zijie = bianyi.cost_analysis().get("bytes accessed")
    return int(tiaoshu), zijie
