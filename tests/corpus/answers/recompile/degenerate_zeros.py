# Degenerate: zero.
predicted_compiles = 0
