# Bypass of the int contract: 4.0 == 4 in Python, but the interface asks for an int.
predicted_compiles = 4.0
