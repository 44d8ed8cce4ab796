# ✍️ 作答区:练习 2(先写下预测,不要先运行你的调用序列)
show_recompile_sequence('z15')
predicted_compiles = 5  # arange(3.0) hits ones(3)
