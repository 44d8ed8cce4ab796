# ✍️ 作答区:练习 2(先写下预测,不要先运行你的调用序列)
show_recompile_sequence("z12")  # 换成你的学号,运行后打印你的调用序列
# 形状、dtype、静态参数变了就要重新编译
predicted_compiles = 5
