def fusion_report(f, *args):
    # optimised module text + the executable's own cost model
    executable = jax.jit(f).lower(*args).compile()
    return count_fusions(executable.as_text()), executable.cost_analysis()["bytes accessed"]
