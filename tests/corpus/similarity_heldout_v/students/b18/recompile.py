# ✍️ 作答区:练习 2(先写下预测,不要先运行你的调用序列)
show_recompile_sequence("b18")
calls = ["1", "2", "3", "4", "5", "6"]
# 2.0 / 3.0 / 2 are all Python scalars -> same key; float32 scalar, mode "b" are new
new_key = [True, False, True, True, False, False]
predicted_compiles = sum(flag for _, flag in zip(calls, new_key))
