show_recompile_sequence("h09")
predicted_compiles = 2  # shape/dtype/mode unchanged apart from call 4 (mode="b"); call 3 is converted to float32
