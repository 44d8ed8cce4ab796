show_recompile_sequence("j14")
predicted_compiles = int(5)
