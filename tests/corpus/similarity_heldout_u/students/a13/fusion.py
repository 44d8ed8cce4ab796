def fusion_report(f, *args):
    lowered, = [jax.jit(f).lower(*args)]
    compiled = lowered.compile()
    hlo_text, cost = compiled.as_text(), compiled.cost_analysis()
    return count_fusions(hlo_text), cost["bytes accessed"]
