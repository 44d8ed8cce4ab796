# ✍️ 作答区:练习 2(先写下预测,不要先运行你的调用序列)
show_recompile_sequence("n05")  # 换成你的学号,运行后打印你的调用序列
# ③ 强类型 float32 标量、④ mode="b"、⑥ Python int 各触发一次,加上第一次共 4 次
编译次数 = 4
predicted_compiles = 编译次数
