show_recompile_sequence("t12")
# 只有形状、dtype、weak type 或者静态参数改变时才会再编译
predicted_compiles = 3
