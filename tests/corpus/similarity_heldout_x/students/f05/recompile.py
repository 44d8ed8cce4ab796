# ✍️ 作答区:练习 2(先写下预测,不要先运行你的调用序列)
show_recompile_sequence("f05")
# ① compila; ② forma (4,) nuova: compila; ③ stessa chiave di ①;
# ④ mode="b": compila; ⑤ int32: compila; ⑥ forma (4,) con mode="b": compila
nuove_chiavi = [1, 1, 0, 1, 1, 1]
predicted_compiles = sum(nuove_chiavi)
