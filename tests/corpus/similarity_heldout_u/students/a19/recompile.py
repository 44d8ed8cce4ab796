show_recompile_sequence("a19")
# ① 编译;② 换值不编译;③ NumPy float64 数组,dtype 不一样,要重新编译;
# ④ mode b 编译;⑤ zeros 形状一样不编译;⑥ 乘 2 还是 float32,不编译
bianyi_cishu = 3
predicted_compiles = bianyi_cishu
