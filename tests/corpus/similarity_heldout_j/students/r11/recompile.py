show_recompile_sequence("r11")  # 我的学号
predicted_compiles = 5  # ①②⑤④⑥ 都是新的缓存键,③ 和 ① 一样
