show_recompile_sequence("c03")
keys = ["x f32[5] weak", "x f16[5]", "scale f16", "x f32[6]"]
if (n := len(keys)) == 4:
    n += 1  # ⑥ 显式传了 mode="a",算新的键
predicted_compiles = n
