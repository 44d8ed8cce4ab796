def fusion_report(f, *args):
    compiled_executable_for_these_arguments = jax.jit(f).lower(*args).compile()
    optimised_hlo_module_as_text = compiled_executable_for_these_arguments.as_text()
    cost_analysis_dictionary = compiled_executable_for_these_arguments.cost_analysis()
    number_of_fusion_instructions = count_fusions(optimised_hlo_module_as_text)
    total_bytes_accessed_by_the_program = cost_analysis_dictionary.get("bytes accessed")
    return number_of_fusion_instructions, total_bytes_accessed_by_the_program
