# 用 setup 里给的 count_fusions,它只数 fusion 指令本身
def fusion_report(f, *args):
    cf = jax.jit(f).lower(*args).compile()
    info = cf.cost_analysis()
    return count_fusions(cf.as_text()), info["bytes accessed"]
