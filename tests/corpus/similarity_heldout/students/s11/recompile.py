show_recompile_sequence("s11")
predicted_compiles = 5  # 每次 dtype / weak type / static 值 / 形状变化都重新编译
