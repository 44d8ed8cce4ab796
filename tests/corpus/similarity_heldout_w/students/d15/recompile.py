# ✍️ 作答区:练习 2(先写下预测,不要先运行你的调用序列)
show_recompile_sequence("d15")


def count():
    total = 0

    def new_key():
        nonlocal total
        total += 1

    new_key()  # ① f32[2,3], mode a
    new_key()  # ④ mode b; ③ is float32 after conversion, ⑤ and ⑥ repeat keys
    return total


predicted_compiles = count()
