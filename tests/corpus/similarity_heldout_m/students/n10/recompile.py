# ✍️ 作答区:练习 2(先写下预测,不要先运行你的调用序列)
show_recompile_sequence("n10")
# compiles: the first call, the float16 input, the float16 scale (not weakly typed), the new length 6;
# mode="a" is just the default value written out, so the first cache entry is reused
predicted_compiles = 4
