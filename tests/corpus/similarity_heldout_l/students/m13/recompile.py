show_recompile_sequence('m13')
# ①③④⑥ 是新的缓存键
predicted_compiles = 4
