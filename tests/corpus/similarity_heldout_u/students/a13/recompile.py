show_recompile_sequence("a13")
first, *rest = [1, 1, 0, 1, 1, 1]  # ③ 只换了弱类型标量的值
predicted_compiles = first + sum(rest)
