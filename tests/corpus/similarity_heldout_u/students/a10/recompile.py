__all__ = ["predicted_compiles"]

show_recompile_sequence("a10")
COMPILES_MODE_A = 1  # ①②③⑥:NumPy 的 float64 在 x32 下变成 float32,和 ① 一样
COMPILES_MODE_B = 1  # ④⑤:zeros 和 ones 形状 dtype 都一样
predicted_compiles = COMPILES_MODE_A + COMPILES_MODE_B
