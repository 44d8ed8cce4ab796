show_recompile_sequence("n06")
predicted_compiles = 5  # f32, f16 x, f16 scale, shape 6, explicit mode kwarg
