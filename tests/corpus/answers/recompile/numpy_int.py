# Not an int: a NumPy integer (for instance from np.sum of a list of flags).
predicted_compiles = np.sum([1, 0, 1, 1, 0, 1])
