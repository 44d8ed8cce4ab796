# 新缓存键:① 第一次、③ strong f32、④ mode='b'、⑥ 弱类型 int;② ⑤ 不重新编译
show_recompile_sequence('v04')
predicted_compiles = 4
