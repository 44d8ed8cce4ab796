show_recompile_sequence("n11")
# 形状 (3,)/(4,) 与 mode a/b 各两种,再加 int32:一共五个缓存键
predicted_compiles = 5
