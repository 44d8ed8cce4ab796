show_recompile_sequence("w20")
predicted_compiles = 5  # the float arange call reuses the second call's executable
