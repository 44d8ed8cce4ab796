# ✍️ 作答区:练习 3
def fusion_report(f, *args):
    """Return (fusion instruction count in the optimised HLO, bytes accessed from the cost analysis)."""
    jitted_function = jax.jit(f)
    compiled_executable = jitted_function.lower(*args).compile()
    optimised_hlo_text = compiled_executable.as_text()
    cost_estimates = compiled_executable.cost_analysis()
    fusion_instruction_count = count_fusions(optimised_hlo_text)
    return (fusion_instruction_count, cost_estimates["bytes accessed"])
