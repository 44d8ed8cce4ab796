show_recompile_sequence("r15")
# ① mode b 编译;② mode a 编译;③ 形状 (2,) 编译;④ int32 编译;⑤ 同 ②;⑥ bool 编译
predicted_compiles = 5
