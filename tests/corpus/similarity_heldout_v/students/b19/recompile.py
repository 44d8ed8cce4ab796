# ✍️ 作答区:练习 2(先写下预测,不要先运行你的调用序列)
show_recompile_sequence("b19")


def predict():
    """Compiles of my sequence.

    >>> predict()   # 1 new; 2 same; 3 strong f32 scale; 4 mode b; 5 f64 -> f32 same as 1; 6 int scale
    4
    """
    return 4


predicted_compiles = predict()
