# ✍️ 作答区:练习 2(先写下预测,不要先运行你的调用序列)
show_recompile_sequence("z01")
# Calls 2 (float16 array), 3 (float16 scale, not weak) and 4 (new shape) each miss; 5 and 6 hit.
predicted_compiles = 5
