# 逐个调用看缓存键:形状、dtype、weak type、静态参数
show_recompile_sequence("u15")
predicted_compiles = 5
