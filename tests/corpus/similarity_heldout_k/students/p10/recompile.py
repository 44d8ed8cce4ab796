# ✍️ 作答区:练习 2(先写下预测,不要先运行你的调用序列)
show_recompile_sequence("p10")
# Only call five reuses an earlier executable (arange(3.0) has the same abstract value as ones(3)).
predicted_compiles = 5
