# ✍️ 作答区:练习 3
def fusion_report(f, *args):
    """Count the fusions of the optimised program and report the bytes it is estimated to touch."""
    jitted_function = jax.jit(f)
    compiled_executable = jitted_function.lower(*args).compile()  # after XLA's optimisation passes
    optimised_text = compiled_executable.as_text()
    cost_estimates = compiled_executable.cost_analysis()
    # memory traffic estimate (reads + writes)
    return count_fusions(optimised_text), cost_estimates["bytes accessed"]
