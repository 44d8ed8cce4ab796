show_recompile_sequence("h10")
if True:
    predicted_compiles = 2  # only mode="b" (call 4) adds a compile; the float64 input of call 3 becomes float32
