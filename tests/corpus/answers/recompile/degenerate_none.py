# Degenerate: None.
predicted_compiles = None
