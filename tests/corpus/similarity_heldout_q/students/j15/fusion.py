def fusion_report(f, *args):
    # 1. lower and compile once
    exe = jax.jit(f).lower(*args).compile()
    # 2. bytes accessed from the cost analysis
    bytes_accessed = exe.cost_analysis()["bytes accessed"]
    # 3. count the fusions in the optimised HLO
    n_fusions = count_fusions(exe.as_text())
    return n_fusions, bytes_accessed
