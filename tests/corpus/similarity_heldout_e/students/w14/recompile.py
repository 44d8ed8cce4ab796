show_recompile_sequence("w14")
# float16 input, float16 scalar, a new length and an explicit mode="a" each make a new cache entry;
# the numpy float32 array matches the first call.
predicted_compiles: int = 5
