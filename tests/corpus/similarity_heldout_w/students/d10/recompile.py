# ✍️ 作答区:练习 2(先写下预测,不要先运行你的调用序列)
show_recompile_sequence("d10")
per_call = (1, 0, 1, 1, 0, 1)
assert len(per_call) == 6, "one entry per call"
predicted_compiles = sum(per_call)
assert predicted_compiles == 4
