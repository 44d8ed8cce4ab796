# ✍️ 作答区:练习 2(先写下预测,不要先运行你的调用序列)
show_recompile_sequence("n07")
# 1. first call compiles
# 2. new shape (4,) compiles
# 3. 5.0 is the same weak float -> cached
# 4. mode b compiles
# 5. int32 x compiles
# 6. shape (4,) with mode b compiles
predicted_compiles = 5
