# ✍️ 作答区:练习 2(先写下预测,不要先运行你的调用序列)
show_recompile_sequence("m05")
预测 = 5  # ①②③④ 各一次,⑤ 与 ① 相同,⑥ mode="a" 是默认值
predicted_compiles = 预测
