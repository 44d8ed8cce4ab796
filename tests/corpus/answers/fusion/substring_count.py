# Mistake: counts every occurrence of the word "fusion" in the text (instruction names, kinds,
# calls=...), not the fusion(...) instructions.
def fusion_report(f, *args):
    compiled = jax.jit(f).lower(*args).compile()
    return compiled.as_text().count("fusion"), compiled.cost_analysis()["bytes accessed"]
