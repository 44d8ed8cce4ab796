# ✍️ 作答区:练习 2(先写下预测,不要先运行你的调用序列)
show_recompile_sequence("d02")
# (5,) float32 compiles; float16 x is a new dtype; a float16 scalar is not weak like 1.0;
# (6,) is a new shape; np float32 ones hit call 1; mode="a" passed explicitly is a new key
predicted_compiles = (n := 1 + 1 + 1 + 1 + 0 + 1)
