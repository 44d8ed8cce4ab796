# ✍️ 作答区:练习 2(先写下预测,不要先运行你的调用序列)
show_recompile_sequence("g13")  # 换成你的学号,运行后打印你的调用序列

# Each call below compiles except the second ones of repeated avals:
# (3,) mode b, (3,) mode a, (2,), int32 arange, float32 arange -> same as (3,) ones? no: arange(3.0) is float32 (3,), cached
# True: bool scalar is a new weak type -> compiles
predicted_compiles = 5
