# Degenerate: a constant guess.
predicted_compiles = 1
