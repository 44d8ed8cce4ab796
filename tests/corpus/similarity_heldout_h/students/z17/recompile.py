# ✍️ 作答区:练习 2(先写下预测,不要先运行你的调用序列)
show_recompile_sequence("z17")  # 换成你的学号,运行后打印你的调用序列
# shapes (3,), (4,); dtypes f32, i32; modes a, b -> five distinct keys
predicted_compiles = 5
