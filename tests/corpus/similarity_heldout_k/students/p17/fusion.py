def fusion_report(f, *args):
    # 编译后再数
    c = jax.jit(f).lower(*args).compile()
    ca = c.cost_analysis()[0]
    return count_fusions(c.as_text()), ca["bytes accessed"]
