show_recompile_sequence('x12')
predicted_compiles = 4  # 1, 3 (strong f32 scale), 4 (mode b), 6 (int scale)
