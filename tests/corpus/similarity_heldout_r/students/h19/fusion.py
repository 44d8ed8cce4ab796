def fusion_report(f, *args):
    """返回 (fusion 条数, bytes accessed)。"""
    compiled = jax.jit(f).lower(*args).compile()
    analysis = compiled.cost_analysis()
    text = compiled.as_text()
    if not isinstance(analysis, dict):
        nbytes = analysis[0]["bytes accessed"]
    else:
        nbytes = analysis["bytes accessed"]
    return count_fusions(text), nbytes
