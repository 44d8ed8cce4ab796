# ✍️ 作答区:练习 2(先写下预测,不要先运行你的调用序列)
show_recompile_sequence("z05")  # 换成你的学号,运行后打印你的调用序列
# ① 编译 ② 形状变了 ③ 命中 ④ mode 是静态参数 ⑤ int32 ⑥ 形状 4 + mode b 没见过
predicted_compiles = 5
