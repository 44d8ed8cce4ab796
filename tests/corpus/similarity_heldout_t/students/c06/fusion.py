def fusion_report(f, *args):
    # 针对这些参数编译;只有 compile() 之后才有融合
    exe = jax.jit(f).lower(*args).compile()
    # 优化后的 HLO 文本,用课程的工具数 fusion 指令
    count = count_fusions(exe.as_text())
    # 编译产物的代价分析
    ca = exe.cost_analysis()
    # 估计的读写字节数
    nbytes = ca["bytes accessed"]
    return count, nbytes
