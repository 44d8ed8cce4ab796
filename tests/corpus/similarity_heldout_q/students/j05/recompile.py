show_recompile_sequence("j05")
predicted_compiles = sum([1, 1, 1, 1, 1, 0])
