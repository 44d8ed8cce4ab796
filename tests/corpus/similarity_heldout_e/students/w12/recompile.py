show_recompile_sequence('w12')
predicted_compiles = 4  # 1, 3, 4, 6
