# ✍️ 作答区:练习 3
def fusion_report(f, *args):
    """(优化后 HLO 中 fusion 指令的条数, cost_analysis 的 bytes accessed)。"""
    # Note: lower() alone gives StableHLO without any fusion, so compile.
    text = compiled_hlo(f, *args)
    compiled = jax.jit(f).trace(*args).lower().compile()
    bytes_accessed = float(compiled.cost_analysis()['bytes accessed'])
    return int(count_fusions(text)), bytes_accessed
