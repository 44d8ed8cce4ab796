# ✍️ 作答区:练习 2(先写下预测,不要先运行你的调用序列)
show_recompile_sequence("q05")  # 换成你的学号,运行后打印你的调用序列
# 形状变了、dtype 变了、static 参数 mode 变了都要重新编译;只换 scale 的值不用
predicted_compiles = 5
