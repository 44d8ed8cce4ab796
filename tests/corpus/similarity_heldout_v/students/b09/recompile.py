# ✍️ 作答区:练习 2(先写下预测,不要先运行你的调用序列)
show_recompile_sequence("b09")


def _key(shape, dtype, scale, mode="a"):
    return (shape, dtype, scale, mode)


_keys = {
    _key((5,), "f32", "weak f32"),
    _key((5,), "f16", "weak f32"),
    _key((5,), "f32", "f16"),
    _key((6,), "f32", "weak f32"),
    _key((5,), "f32", "weak f32"),
    _key((5,), "f32", "weak f32", "a (passed)"),
}
predicted_compiles = len(_keys)
