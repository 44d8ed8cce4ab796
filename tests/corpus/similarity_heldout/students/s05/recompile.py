show_recompile_sequence("s05")  # 我的序列
predicted_compiles = 5  # weak type 和 static 参数各多一次
