# ✍️ 作答区:练习 2(先写下预测,不要先运行你的调用序列)
show_recompile_sequence("i20")
seen = {}
seen |= {("f32[3]", "b"): "①"}
seen |= {("f32[3]", "a"): "②"}
seen |= {("f32[2]", "a"): "③"}
seen |= {("i32[3]", "a"): "④"}
seen |= {("f32[3]", "a"): "⑤"}  # arange(3.0) is f32[3] like ②: no new key
seen |= {("f32[3]", "a", "bool scale"): "⑥"}
predicted_compiles = len(seen)
