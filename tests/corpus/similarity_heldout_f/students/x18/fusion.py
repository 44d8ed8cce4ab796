def fusion_report(f, *args):
    compiled = jax.jit(f).lower(*args).compile()
    text = compiled.as_text()
    count = sum(1 for ln in text.split('\n') if ' fusion(' in ln)
    return count, compiled.cost_analysis()['bytes accessed']
