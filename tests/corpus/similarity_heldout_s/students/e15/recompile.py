# ✍️ 作答区:练习 2(先写下预测,不要先运行你的调用序列)
show_recompile_sequence("e15")
hits = [False, True, True, False, True, True]
predicted_compiles = len(list(filter(lambda hit: not hit, hits)))
