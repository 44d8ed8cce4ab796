# ✍️ 作答区:练习 2(先写下预测,不要先运行你的调用序列)
show_recompile_sequence("g10")  # 换成你的学号,运行后打印你的调用序列
_calls_that_compile = ("①", "②", "④", "⑤", "⑥")
predicted_compiles = len(_calls_that_compile)
