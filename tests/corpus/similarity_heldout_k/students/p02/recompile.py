show_recompile_sequence('p02')
# ①③ 都是 float32 (2,3),强类型 vs 弱类型?③ 是 numpy 数组 -> float32,不是弱类型,但 x 本来就是强类型的
# 只有 ① 和 ④ 不一样(mode 变了),⑤⑥ 只是值不同
predicted_compiles = 2
