show_recompile_sequence("r20")
# shape 3 / shape 4 / mode b / int32 / mode b with shape 4
predicted_compiles = int(5)
