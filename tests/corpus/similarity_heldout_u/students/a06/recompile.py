def _compiles(flags):
    if not flags:
        return 0
    return int(flags[0]) + _compiles(flags[1:])


show_recompile_sequence("a06")
# ② 只换了弱类型标量的值;⑤ 的 float64 在 32 位模式下变成 float32,和 ① 同一个键
predicted_compiles = _compiles([True, False, True, True, False, True])
