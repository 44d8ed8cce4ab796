# ✍️ 作答区:练习 2(先写下预测,不要先运行你的调用序列)
show_recompile_sequence("f06")
# ① weak int; ② same; ③ weak float; ④ np.float32 is a strong float32; ⑤ same as ④; ⑥ same as ①
keys_new = np.array([1, 0, 1, 1, 0, 0])
predicted_compiles = int(np.sum(keys_new))
