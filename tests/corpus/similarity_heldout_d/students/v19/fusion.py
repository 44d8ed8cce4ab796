# 编译后统计
def fusion_report(f, *args):
    compiled = jax.jit(f).lower(*args).compile()
    fusion_count = count_fusions(compiled.as_text())
    cost = compiled.cost_analysis()
    return fusion_count, cost['bytes accessed']
