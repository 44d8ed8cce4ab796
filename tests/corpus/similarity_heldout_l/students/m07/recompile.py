# ✍️ 作答区:练习 2(先写下预测,不要先运行你的调用序列)
show_recompile_sequence("m07")
# 1) (2,3) f32 weak scale  2) same key  3) float64 array -> new dtype, compiles
# 4) mode b new  5) same as 4  6) same as 1
predicted_compiles = 3
