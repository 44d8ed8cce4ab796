# 编译优化后的 HLO 里数 fusion,再读 cost_analysis
def fusion_report(f, *args):
    compiled = jax.jit(f).lower(*args).compile()
    n_fusion = count_fusions(compiled.as_text())
    nbytes = compiled.cost_analysis()["bytes accessed"]
    return n_fusion, nbytes
