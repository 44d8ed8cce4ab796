# ✍️ 作答区:练习 2(先写下预测,不要先运行你的调用序列)
show_recompile_sequence("m11")
predicted_compiles = 4  # 见上面的逐行分析:①③④⑥ 各编译一次
