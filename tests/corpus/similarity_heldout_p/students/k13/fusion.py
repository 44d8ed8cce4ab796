def fusion_report(f, *args):
    """(优化后 HLO 中 fusion 指令的条数, cost_analysis 的 bytes accessed)。"""
    compiled = jax.jit(f).lower(*args).compile()
    analysis = compiled.cost_analysis()
    if isinstance(analysis, dict):
        bytes_accessed = analysis["bytes accessed"]
    else:
        bytes_accessed = analysis[0]["bytes accessed"]
    number_of_fusions = count_fusions(compiled.as_text())
    return number_of_fusions, bytes_accessed
