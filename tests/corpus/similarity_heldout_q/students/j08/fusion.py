def fusion_report(f, *args):
    optimised_hlo_text_of_the_function = compiled_hlo(f, *args)
    number_of_fusion_instructions = count_fusions(optimised_hlo_text_of_the_function)
    compiled_executable_for_cost = jax.jit(f).lower(*args).compile()
    bytes_accessed_by_the_executable = compiled_executable_for_cost.cost_analysis()["bytes accessed"]
    return number_of_fusion_instructions, bytes_accessed_by_the_executable
