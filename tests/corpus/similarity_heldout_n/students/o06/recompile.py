show_recompile_sequence("o06")  # 换成你的学号,运行后打印你的调用序列
predicted_compiles: int = 4
