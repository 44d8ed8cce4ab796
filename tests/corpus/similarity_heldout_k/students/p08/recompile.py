show_recompile_sequence("p08")  # 变体 3
# 弱类型 int、弱类型 float、强类型 float32 各一次
predicted_compiles = 3
