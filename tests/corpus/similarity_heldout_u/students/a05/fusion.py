def fusion_report(f, *args):
    lowered = jax.jit(f).lower(*args)
    compiled = lowered.compile()
    cost = compiled.cost_analysis()
    text = compiled.as_text()
    return int(count_fusions(text)), cost["bytes accessed"]
