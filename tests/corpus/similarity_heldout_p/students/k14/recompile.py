show_recompile_sequence("k14")
predicted_compiles = 5  # new keys: float16 input, float16 (strong) scale, shape (6,), and mode="a" passed explicitly
