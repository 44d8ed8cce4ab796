def fusion_report(f, *args) -> tuple[int, float]:
    """(number of fusion instructions after optimisation, bytes accessed from cost_analysis)."""
    compiled_executable = jax.jit(f).lower(*args).compile()
    optimised_hlo_text = compiled_executable.as_text()
    cost_estimate = compiled_executable.cost_analysis()
    # some JAX versions return one dict per device in a list
    if isinstance(cost_estimate, (list, tuple)):
        cost_estimate = cost_estimate[0]
    return count_fusions(optimised_hlo_text), cost_estimate["bytes accessed"]
