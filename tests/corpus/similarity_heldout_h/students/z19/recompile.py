# ✍️ 作答区:练习 2(先写下预测,不要先运行你的调用序列)
show_recompile_sequence("z19")  # 换成你的学号,运行后打印你的调用序列
predicted_compiles = 5  # ⑤ 和 ① 相同,⑥ 显式写 mode="a" 也命中
