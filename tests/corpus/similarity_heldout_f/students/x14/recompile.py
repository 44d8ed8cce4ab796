# ✍️ 作答区:练习 2(先写下预测,不要先运行你的调用序列)
show_recompile_sequence("x14")
# Cache key = (shapes, dtypes, weak types, static args as passed). Compiles: 1, 2 (f16 array),
# 3 (f16 scalar, not weak), 4 (length 6), 6 (mode given by keyword). 5 is the same as 1.
predicted_compiles: int = 5
