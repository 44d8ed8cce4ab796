# ✍️ 作答区:练习 3
def fusion_report(f, *args) -> tuple[int, float]:
    """Return (fusion kernels in the optimized HLO, bytes accessed from XLA's cost analysis).

    The StableHLO of lower() is not fused yet, so the count is taken after compile().
    """
    traced_function = jax.jit(f).trace(*args)
    compiled_function = traced_function.lower().compile()
    number_of_fusions = count_fusions(compiled_function.as_text())
    cost_dictionary = compiled_function.cost_analysis()
    return number_of_fusions, cost_dictionary["bytes accessed"]
