# ✍️ 作答区:练习 2(先写下预测,不要先运行你的调用序列)
show_recompile_sequence("d07")
compiled = set()
calls = iter([("f32[3]", "b"), ("f32[3]", "a"), ("f32[2]", "a"), ("i32[3]", "a"), ("f32[3]", "a"),
              ("f32[3]", "a", "bool scale")])
while True:
    key = next(calls, None)
    if key is None:
        break
    compiled.add(key)
predicted_compiles = len(compiled)
