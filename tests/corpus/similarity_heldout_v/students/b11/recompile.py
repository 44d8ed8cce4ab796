# ✍️ 作答区:练习 2(先写下预测,不要先运行你的调用序列)
show_recompile_sequence("b11")
# appel 1 : compilation ; appel 2 : même clé (seule la valeur change)
# appel 3 : le tableau float64 de NumPy devient float32 -> même clé
# appel 4 : mode="b" -> nouvelle compilation ; appels 5 et 6 : clés déjà vues
nombre_compilations = 2
predicted_compiles = nombre_compilations
