show_recompile_sequence("a08")
n = [1, 1, 0, 1, 1, 1]
predicted_compiles = sum(n)
