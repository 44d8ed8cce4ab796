# ✍️ 作答区:练习 2(先写下预测,不要先运行你的调用序列)
show_recompile_sequence("p15")  # 换成你的学号,运行后打印你的调用序列
# ⑤ 的 numpy float32 和 ① 一样,⑥ 的 mode="a" 就是默认值
预测 = 5
predicted_compiles = 预测
