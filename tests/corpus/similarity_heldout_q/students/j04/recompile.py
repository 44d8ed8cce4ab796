show_recompile_sequence("j04")
# mode b, then plain, new shape, int arange, float arange (same as plain), bool scalar
predicted_compiles = 1 + 1 + 1 + 1 + 0 + 1
