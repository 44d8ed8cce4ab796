# 第 1 次、第 3 次(strong float32)、第 4 次(mode="b")、第 6 次(弱类型 int)产生新的缓存键;
# 第 2、5 次命中缓存
show_recompile_sequence("v13")
predicted_compiles: int = 4
