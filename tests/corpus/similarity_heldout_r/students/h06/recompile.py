show_recompile_sequence("h06")
res = 0
res += 1  # 1 first call
res += 1  # 2 shape 4
res += 0  # 3 only the value of scale changes
res += 1  # 4 mode b
res += 1  # 5 int32
res += 1  # 6 shape 4 with mode b
predicted_compiles = res
