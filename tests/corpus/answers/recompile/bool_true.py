# Bypass: a bool is not a prediction (True == 1 in Python).
predicted_compiles = True
