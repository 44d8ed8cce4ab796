# ✍️ 作答区:练习 2(先写下预测,不要先运行你的调用序列)
show_recompile_sequence("d19")
keys = [("f32", 3, "a"), ("f32", 4, "a"), ("f32", 3, "a"), ("f32", 3, "b"), ("i32", 3, "a"), ("f32", 4, "b")]
predicted_compiles = sum(1 for i, k in enumerate(keys) if all(k != earlier for earlier in keys[:i]))
