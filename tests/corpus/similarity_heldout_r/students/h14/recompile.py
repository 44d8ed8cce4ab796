show_recompile_sequence("h14")
predicted_compiles = int(3)  # 2.0 / 3.0 / float32(3.0) share one; mode="b" new; float64 input new
