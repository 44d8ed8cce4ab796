# ✍️ 作答区:练习 2(先写下预测,不要先运行你的调用序列)
show_recompile_sequence("b02")
# 1 new, 2 new shape (4,), 3 same as 1, 4 mode="b" new, 5 int32 new, 6 shape (4,) with "b" new
predicted_compiles = 5
