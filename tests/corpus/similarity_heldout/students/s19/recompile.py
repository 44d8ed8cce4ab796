show_recompile_sequence("s19")
# np.float64 的数组在 jit 里应该算新的 dtype
predicted_compiles = 5
