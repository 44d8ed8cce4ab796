show_recompile_sequence("t15")
predicted_compiles = 5
