# Mistake: thinks every call compiles.
predicted_compiles = 6
