show_recompile_sequence("k20")  # 打印我的调用序列
predicted_compiles = 5  # ①②④⑤⑥ 各编译一次,③ 命中缓存
