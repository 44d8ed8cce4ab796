# 逐个调用看缓存键:形状、dtype、weak type、静态参数
show_recompile_sequence("u04")
predicted_compiles = 3
