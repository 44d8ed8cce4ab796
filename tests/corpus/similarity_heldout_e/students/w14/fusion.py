def fusion_report(f, *args) -> tuple[int, float]:
    """Fusion count of the optimised HLO and XLA's estimate of the bytes the program reads and writes."""
    compiled_program = jax.jit(f).lower(*args).compile()
    fusion_instruction_count = count_fusions(compiled_program.as_text())
    cost_properties = compiled_program.cost_analysis()
    bytes_accessed = cost_properties["bytes accessed"]
    return fusion_instruction_count, bytes_accessed
