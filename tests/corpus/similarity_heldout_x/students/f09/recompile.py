# ✍️ 作答区:练习 2(先写下预测,不要先运行你的调用序列)
show_recompile_sequence("f09")
# only ① and the mode="b" call ④ compile: ③ is float32 after x32 conversion, ⑤ ⑥ reuse earlier keys
predicted_compiles = 2
