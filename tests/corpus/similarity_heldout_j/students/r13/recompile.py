show_recompile_sequence("r13")
predicted_compiles = int(5)
