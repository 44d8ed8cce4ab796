show_recompile_sequence("o14")
predicted_compiles = len(["mode b", "mode a f32[3]", "f32[2]", "i32[3]", "bool scale"])
