# ✍️ 作答区:练习 2(先写下预测,不要先运行你的调用序列)
show_recompile_sequence("r08")
predicted_compiles: int = 5  # 形状 3 和 4、两种 mode、int32 各算一次
