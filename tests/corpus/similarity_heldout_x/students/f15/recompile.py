# ✍️ 作答区:练习 2(先写下预测,不要先运行你的调用序列)
show_recompile_sequence("f15")
# ① compila; ③ o float64 vira float32 (x32), mesma chave; ④ mode="b" compila; ⑤ e ⑥ já vistos
compilacoes = 1 + 1
predicted_compiles = compilacoes
