show_recompile_sequence("c02")
# ① 编译 ② 命中 ③ 非 weak 的 float32 标量,重编译 ④ mode 变了 ⑤ float64 变成 float32,命中 ⑥ int 标量
new_keys = ["①", "③", "④", "⑥"]
match len(new_keys):
    case n:
        predicted_compiles = n
