def fusion_report(f, *args):
    # jit -> lower -> compile:得到 XLA 优化过的程序
    lo = jax.jit(f).lower(*args)
    exe = lo.compile()
    # 融合只在优化后的 HLO 里出现
    txt = exe.as_text()
    fused = count_fusions(txt)
    # 读写内存的估计字节数
    ca = exe.cost_analysis()
    nbytes = ca["bytes accessed"]
    return fused, nbytes
