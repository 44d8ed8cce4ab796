# ✍️ 作答区:练习 2(先写下预测,不要先运行你的调用序列)
show_recompile_sequence("z07")  # 换成你的学号,运行后打印你的调用序列
# 1: compile, 2: new shape, 3: same key as 1, 4: new static mode, 5: int32 dtype, 6: new (shape, mode)
predicted_compiles = 5
