show_recompile_sequence("r19")
predicted_compiles = 4  # calls 1, 3, 4 and 6 compile
