def fusion_report(f, *args):
    compiled = jax.jit(f).lower(*args).compile()
    text = compiled.as_text()
    fusions = 0
    for line in text.splitlines():
        # an instruction line looks like "%name = f32[..] fusion(...)"
        if " fusion(" in line and "=" in line:
            fusions += 1
    analysis = compiled.cost_analysis()
    return fusions, analysis["bytes accessed"]
