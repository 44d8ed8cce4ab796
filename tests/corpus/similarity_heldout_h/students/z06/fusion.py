def fusion_report(f, *args) -> tuple[int, float]:
    compiled_program = jax.jit(f).trace(*args).lower().compile()
    fusion_count: int = count_fusions(compiled_program.as_text())
    cost_properties = compiled_program.cost_analysis()
    bytes_accessed: float = cost_properties['bytes accessed']
    return fusion_count, bytes_accessed
