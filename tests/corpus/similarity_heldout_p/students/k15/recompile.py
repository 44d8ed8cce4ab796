show_recompile_sequence("k15")
PREDICTION = 5
predicted_compiles = PREDICTION
