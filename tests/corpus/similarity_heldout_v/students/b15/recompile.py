# ✍️ 作答区:练习 2(先写下预测,不要先运行你的调用序列)
show_recompile_sequence("b15")
predicted_compiles = 5  # NOTE: arange(3.0) hits the cache of call 2; the other five are new keys
