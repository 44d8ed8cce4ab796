show_recompile_sequence("x13")
# compiles: first call, strong float32 scale, mode b, python int scale
predicted_compiles = 4
