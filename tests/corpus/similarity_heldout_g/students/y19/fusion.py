# ✍️ 作答区:练习 3
def fusion_report(f, *args):
    '''(优化后 HLO 中 fusion 指令的条数, cost_analysis 的 bytes accessed)。'''
    编译结果 = jax.jit(f).lower(*args).compile()
    融合数 = count_fusions(编译结果.as_text())  # 优化后的 HLO 才有 fusion
    代价 = 编译结果.cost_analysis()
    return 融合数, 代价['bytes accessed']
