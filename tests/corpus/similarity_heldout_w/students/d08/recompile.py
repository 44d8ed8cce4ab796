# ✍️ 作答区:练习 2(先写下预测,不要先运行你的调用序列)
show_recompile_sequence("d08")
# 1: escalar int débil -> compila; 2: mismo; 3: float débil -> compila;
# 4 y 5: float32 fuerte (np y jnp iguales) -> compila una vez; 6: int débil, ya está
predicted_compiles = 3
