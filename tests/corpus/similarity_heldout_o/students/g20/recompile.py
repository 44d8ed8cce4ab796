show_recompile_sequence("g20")
PREDICTED = 2
predicted_compiles = PREDICTED
