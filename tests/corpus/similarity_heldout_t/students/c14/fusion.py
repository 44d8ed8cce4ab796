def fusion_report(f, *args):
    # [INFO] lower and compile for these arguments; fusions exist only after compile()
    executable = jax.jit(f).lower(*args).compile()
    # [INFO] optimised HLO text, fusion(...) instructions counted by the course helper
    n_fusions = count_fusions(executable.as_text())
    # [INFO] cost analysis of the compiled program (a dict in this JAX)
    analysis = executable.cost_analysis()
    # [INFO] estimated bytes read and written
    traffic = analysis["bytes accessed"]
    # [INFO] report as a pair
    return n_fusions, traffic
