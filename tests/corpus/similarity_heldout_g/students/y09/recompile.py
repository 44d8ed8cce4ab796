# ✍️ 作答区:练习 2(先写下预测,不要先运行你的调用序列)
show_recompile_sequence("y09")
# 预测:①②③④⑥ 各编译一次,⑤ arange(3.0) 是 float32,和 ② 相同
predicted_compiles = 5
