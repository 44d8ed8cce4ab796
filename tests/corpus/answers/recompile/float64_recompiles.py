# Mistake: thinks the float64 NumPy array is a new dtype (it is canonicalised to float32).
predicted_compiles = 5
