MY_ID = "h12"
show_recompile_sequence("h12")
PREDICTED = 5
predicted_compiles = PREDICTED
