# ✍️ 作答区:练习 2(先写下预测,不要先运行你的调用序列)
show_recompile_sequence(
    "d05"
)


def _new_compile(call):
    match call:
        case "shape (3,) f32, weak scale, mode a" | "shape (4,)" | "mode b" | "int32 x" | "shape (4,), mode b":
            return 1
        case _:
            return 0


calls = [
    "shape (3,) f32, weak scale, mode a",
    "shape (4,)",
    "same key as 1",
    "mode b",
    "int32 x",
    "shape (4,), mode b",
]
predicted_compiles = sum(
    _new_compile(c)
    for c in calls
)
