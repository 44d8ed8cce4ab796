show_recompile_sequence("h01")
predicted_compiles = 5  # new shape, new mode, new dtype
