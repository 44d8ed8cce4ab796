show_recompile_sequence("k12")

predicted_compiles = 3   # int scale, weak float scale, strong float32 scale
