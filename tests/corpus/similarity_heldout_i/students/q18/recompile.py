# ✍️ 作答区:练习 2(先写下预测,不要先运行你的调用序列)
show_recompile_sequence("q18")  # 换成你的学号,运行后打印你的调用序列
# 新形状、新 dtype、新的 mode 都会触发重新编译
predicted_compiles = 5
