# trace -> lower -> compile 三步
def fusion_report(f, *args):
    lowered = jax.jit(f).trace(*args).lower()
    compiled = lowered.compile()
    hlo_text = compiled.as_text()
    return count_fusions(hlo_text), compiled.cost_analysis()['bytes accessed']
