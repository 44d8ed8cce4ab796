show_recompile_sequence("x03")
predicted_compiles = 5  # f16 input, f16 scale, new shape, explicit mode="a"
