show_recompile_sequence("s16")
# 只有 ① 和 ③ 会编译:③ 改了 static 参数。其他调用的形状、dtype 都和前面某一次一样。
predicted_compiles = 2
