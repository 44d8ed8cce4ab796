# Mistake: uses memory_analysis() (argument + output buffer sizes) instead of the cost analysis.
def fusion_report(f, *args):
    compiled = jax.jit(f).lower(*args).compile()
    mem = compiled.memory_analysis()
    return count_fusions(compiled.as_text()), mem.argument_size_in_bytes + mem.output_size_in_bytes
