# ✍️ 作答区:练习 2(先写下预测,不要先运行你的调用序列)
show_recompile_sequence("f14")
predicted_compiles = 2  # ① and ④ (mode="b"); the rest reuse a cache entry
