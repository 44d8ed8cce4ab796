# Mistake: counts the fusions of the ENTRY computation only, so fusions inside a loop body (a while
# body is a computation of its own) are missed.
def fusion_report(f, *args):
    compiled = jax.jit(f).lower(*args).compile()
    text = compiled.as_text()
    entry = text[text.index("ENTRY"):].split("\n}\n")[0]
    return count_fusions(entry), compiled.cost_analysis()["bytes accessed"]
