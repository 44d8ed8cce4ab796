show_recompile_sequence("c04")
predicted_compiles = 3
if predicted_compiles not in range(1, 7):
    raise ValueError("6 次调用最多编译 6 次")
