# ✍️ 作答区:练习 2(先写下预测,不要先运行你的调用序列)
show_recompile_sequence('x07')  # 学号
# ①编译 ②形状不同,编译 ③命中 ④ mode 不同,编译 ⑤ int32,编译 ⑥ 形状 4 + mode b,编译
predicted_compiles = 5
