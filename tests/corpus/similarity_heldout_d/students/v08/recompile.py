show_recompile_sequence('v08')
# calls 1, 3, 4, 6 compile
predicted_compiles = 4
