# Mistake: right numbers, but the count is a NumPy integer and the pair is a list.
def fusion_report(f, *args):
    compiled = jax.jit(f).lower(*args).compile()
    text = compiled.as_text()
    count = np.sum([line.strip().split(" = ")[-1].split("(")[0].endswith(" fusion")
                    for line in text.splitlines()])
    return [count, compiled.cost_analysis()["bytes accessed"]]
