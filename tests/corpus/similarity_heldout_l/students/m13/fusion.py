def fusion_report(f, *args):
    编 = jax.jit(f).trace(*args).lower().compile()
    代价 = 编.cost_analysis()
    return count_fusions(编.as_text()), 代价["bytes accessed"]
