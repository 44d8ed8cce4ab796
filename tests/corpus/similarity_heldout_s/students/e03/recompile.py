show_recompile_sequence("e03")
# ① 新  ② float16 新  ③ float16 标量 新  ④ 形状 6 新  ⑤ 同 ①  ⑥ 显式 mode 新
predicted_compiles = sum(misses := [1, 1, 1, 1, 0, 1])
