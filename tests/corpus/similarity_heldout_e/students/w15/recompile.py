show_recompile_sequence('w15')
predicted_compiles = 5
