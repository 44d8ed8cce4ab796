# ② ③ 换成 float16 都要重编;⑥ 传 mode=a 就是默认值,不重编
show_recompile_sequence("v07")
predicted_compiles = 4
