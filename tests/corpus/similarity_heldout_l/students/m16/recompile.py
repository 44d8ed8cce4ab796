# ✍️ 作答区:练习 2(先写下预测,不要先运行你的调用序列)
show_recompile_sequence("m16")
# calls 1, 3, 4, 6 compile; 2 and 5 hit the cache
predicted_compiles = 4
