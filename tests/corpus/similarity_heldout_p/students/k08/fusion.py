def fusion_report(f, *args):
    optimised_hlo_text = compiled_hlo(f, *args)
    compiled_executable = jax.jit(f).lower(*args).compile()
    number_of_fusion_instructions = count_fusions(optimised_hlo_text)
    total_bytes_accessed = compiled_executable.cost_analysis()["bytes accessed"]
    return number_of_fusion_instructions, total_bytes_accessed
