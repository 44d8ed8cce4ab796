show_recompile_sequence("z10")
predicted_compiles = 2
