# ✍️ 作答区:练习 2(先写下预测,不要先运行你的调用序列)
show_recompile_sequence("d03")


def _keys():
    yield ("f32[3]", "weak f32", "a")
    yield ("f32[4]", "weak f32", "a")
    yield ("f32[3]", "weak f32", "a")  # 5.0 is only a value
    yield ("f32[3]", "weak f32", "b")
    yield ("i32[3]", "weak f32", "a")
    yield ("f32[4]", "weak f32", "b")


predicted_compiles = len(set(_keys()))
