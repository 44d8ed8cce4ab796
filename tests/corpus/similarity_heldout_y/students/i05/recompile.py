# ✍️ 作答区:练习 2(先写下预测,不要先运行你的调用序列)
show_recompile_sequence("i05")
predicted_compiles = 4  # ① new, ③ strong f32 scale, ④ mode b, ⑥ int scale
