show_recompile_sequence("p18")
predicted_compiles = 5  # ⑤ 和 ② 一样
