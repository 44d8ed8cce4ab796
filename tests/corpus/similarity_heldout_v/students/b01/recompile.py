# ✍️ 作答区:练习 2(先写下预测,不要先运行你的调用序列)
show_recompile_sequence("b01")
# keys seen so far, each new key -> one compile
seen = {}
seen.setdefault(("f32[3]", "weak f32", "b"), 1)   # 1
seen.setdefault(("f32[3]", "weak f32", "a"), 1)   # 2
seen.setdefault(("f32[2]", "weak f32", "a"), 1)   # 3
seen.setdefault(("i32[3]", "weak f32", "a"), 1)   # 4
seen.setdefault(("f32[3]", "weak f32", "a"), 1)   # 5: arange(3.0) same as 2
seen.setdefault(("f32[3]", "bool", "a"), 1)       # 6
predicted_compiles = len(seen)
