# ✍️ 作答区:练习 2(先写下预测,不要先运行你的调用序列)
show_recompile_sequence(
    "i10"
)
n = 0
n += 1  # ①
n += 1  # ③
n += 1  # ④
n += 1  # ⑥
predicted_compiles = n
