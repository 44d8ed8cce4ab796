show_recompile_sequence("o04")
predicted_compiles = 5  # float16 数组、float16 标量、(6,)、显式 mode 各一次
