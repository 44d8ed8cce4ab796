show_recompile_sequence("k09")
predicted_compiles = 3  # int scale, weak float scale, strong float32 scale
