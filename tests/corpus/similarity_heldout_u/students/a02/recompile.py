show_recompile_sequence("a02")


class Prediction:
    """①②③④ 都是新的键,⑤ 和 ① 一样(NumPy float32 数组),⑥ 显式写 mode="a" 也算新的键。"""

    def __call__(self):
        return 5


predicted_compiles = Prediction()()
