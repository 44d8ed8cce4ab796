show_recompile_sequence('y15')
# mode only
predicted_compiles = 2
