show_recompile_sequence("r05")
# 第一次 mode="b";第二次 mode="a";长度 2 的新形状;arange(3) 是 int32;arange(3.0) 与第二次相同;True 是 bool,新的 weak 类型
predicted_compiles = 5
