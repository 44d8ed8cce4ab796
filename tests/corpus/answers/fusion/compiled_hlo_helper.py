# Correct, written differently: the course helper compiled_hlo for the text, a separate
# compilation for the cost analysis.
def fusion_report(f, *args):
    n_fusions = count_fusions(compiled_hlo(f, *args))
    stats = jax.jit(f).lower(*args).compile().cost_analysis()
    return (int(n_fusions), float(stats["bytes accessed"]))
