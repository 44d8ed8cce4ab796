# ✍️ 作答区:练习 3
def fusion_report(f, *args) -> tuple[int, float]:
    """Return the fusion count of the optimised HLO and XLA's bytes-accessed estimate.

    The StableHLO of lower() is not yet fused, so the program is compiled first.
    """
    compiled_program = jax.jit(f).lower(*args).compile()
    fusion_count: int = count_fusions(compiled_program.as_text())
    cost_properties = compiled_program.cost_analysis()
    bytes_accessed: float = cost_properties["bytes accessed"]
    return fusion_count, bytes_accessed
