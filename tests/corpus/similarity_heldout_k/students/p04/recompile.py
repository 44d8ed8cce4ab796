# ✍️ 作答区:练习 2(先写下预测,不要先运行你的调用序列)
show_recompile_sequence("p04")  # variant 4/6
# Cache key = shapes, dtypes, weak types and static args; values never matter.
predicted_compiles = 2
