show_recompile_sequence("v20")
# the numpy float64 input is converted to float32 in 32-bit mode, so it hits the cache;
# only the first call and the mode="b" call compile
predicted_compiles: int = 2
