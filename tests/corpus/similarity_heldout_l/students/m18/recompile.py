show_recompile_sequence('m18')
predicted_compiles=4
