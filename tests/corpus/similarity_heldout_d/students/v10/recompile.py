# 数一数:1 + 0 + 1 + 1 + 0 + 1
show_recompile_sequence("v10")
predicted_compiles = 1 + 0 + 1 + 1 + 0 + 1
