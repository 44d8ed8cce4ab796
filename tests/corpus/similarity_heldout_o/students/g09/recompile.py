show_recompile_sequence("g09")
predicted_compiles = 5
