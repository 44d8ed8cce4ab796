show_recompile_sequence("a15")
new_compile = [1, 1, 0, 1, 1, 1]  # 第三次只换了 scale 的值,缓存命中
predicted_compiles = sum(new_compile)
