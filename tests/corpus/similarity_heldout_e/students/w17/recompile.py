# ✍️ 作答区:练习 2(先写下预测,不要先运行你的调用序列)
show_recompile_sequence("w17")  # 换成你的学号,运行后打印你的调用序列
# 显式写 mode="a" 和省略它在缓存里不是同一个键,所以 ⑥ 也要编译;⑤ 和 ① 一样
predicted_compiles = 5
