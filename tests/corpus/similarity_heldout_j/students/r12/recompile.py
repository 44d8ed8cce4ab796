show_recompile_sequence("r12")
predicted_compiles = 3  # int, float, strong f32
