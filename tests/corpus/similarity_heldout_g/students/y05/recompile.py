# ✍️ 作答区:练习 2(先写下预测,不要先运行你的调用序列)
show_recompile_sequence("y05")
# 形状 4、mode b、int32、以及形状 4 + mode b 都是新的缓存键;只有 ③ 命中
predicted_compiles = 5
