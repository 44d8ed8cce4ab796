def fusion_report(f, *args) -> tuple[int, float]:
    compiled = jax.jit(f).trace(*args).lower().compile()
    text: str = compiled.as_text()
    fusions: int = 0
    for line in text.splitlines():
        if " fusion(" in line and "=" in line:
            fusions += 1
    analysis = compiled.cost_analysis()
    return fusions, analysis["bytes accessed"]
