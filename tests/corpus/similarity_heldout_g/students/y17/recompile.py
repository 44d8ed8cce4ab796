# ✍️ 作答区:练习 2(先写下预测,不要先运行你的调用序列)
show_recompile_sequence("y17")
# Every call looks different to me: mode b, mode a, shape 2, int32 arange, float arange, bool scale.
predicted_compiles = 6
