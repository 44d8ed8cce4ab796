# ✍️ 作答区:练习 2(先写下预测,不要先运行你的调用序列)
show_recompile_sequence("y04")
# keys: (f32[2,3], weak f32, a) and (f32[2,3], weak f32, b)
predicted_compiles = 2
