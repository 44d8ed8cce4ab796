import re


def fusion_report(f, *args):
    compiled = jax.jit(f).lower(*args).compile()
    text = compiled.as_text()
    fusions = len(re.findall(r" fusion\(", text))
    return fusions, compiled.cost_analysis()["bytes accessed"]
