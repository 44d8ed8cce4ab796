# ✍️ 作答区:练习 2(先写下预测,不要先运行你的调用序列)
show_recompile_sequence("m04")
# float16 array, float16 scalar (not weak) and shape (6,) each give a new key; ⑤ and ⑥ reuse ①
predicted_compiles = 5
