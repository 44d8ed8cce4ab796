show_recompile_sequence("j06")
res = 0
res += 1  # mode b
res += 1  # mode a
res += 1  # shape (2,)
res += 1  # int32
res += 0  # float arange, same as before
res += 1  # bool
predicted_compiles = res
