# ✍️ 作答区:练习 2(先写下预测,不要先运行你的调用序列)
show_recompile_sequence("x16")
# ① int 2 -> weak int32,编译;② 同 ①;③ 2.0 -> weak float32,编译;④ np.float32 -> 非 weak,编译;⑤ 同 ④;⑥ 同 ①
predicted_compiles = 3
