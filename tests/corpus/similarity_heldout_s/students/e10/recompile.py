show_recompile_sequence("e10")
# 1 首次编译; 2 换成 float16 数组; 3 float16 的 scale 不是弱类型; 4 长度 6; 5 命中; 6 mode 写出来也算新键
predicted_compiles = sum(new_keys := [1, 1, 1, 1, 0, 1])
