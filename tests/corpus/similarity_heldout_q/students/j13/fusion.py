def fusion_report(f, *args):
    # 1. lower and compile once
    exe = jax.jit(f).lower(*args).compile()
    # 2. read the optimised HLO
    text = exe.as_text()
    # 3. count the fusions
    n_fusions = count_fusions(text)
    # 4. bytes accessed from the cost analysis
    bytes_accessed = exe.cost_analysis()["bytes accessed"]
    return n_fusions, bytes_accessed
