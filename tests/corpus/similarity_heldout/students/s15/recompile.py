# 练习 2:先预测,再运行
show_recompile_sequence("s15")
# 第 1 次调用:第一次见到,编译;第 2 次:缓存键相同
# 第 3 次:静态参数换了新值,编译;其余几次都能复用前面的两个缓存项
predicted_compiles = 2
