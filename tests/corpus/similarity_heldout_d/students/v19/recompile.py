# ① ③ ④ ⑥ 编译,② ⑤ 命中缓存
show_recompile_sequence('v19')
predicted_compiles = 4
