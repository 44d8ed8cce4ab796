from functools import partial

show_recompile_sequence("a12")
count_new = partial(sum)
predicted_compiles = count_new([1, 0, 1, 1, 0, 1])  # ③ 强类型 float32,④ 新的 mode,⑥ 整数标量
