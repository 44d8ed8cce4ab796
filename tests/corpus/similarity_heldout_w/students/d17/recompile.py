# ✍️ 作答区:练习 2(先写下预测,不要先运行你的调用序列)
show_recompile_sequence("d17")
# call 1 compiles; call 2 only changes the value of the scalar; call 3 is a non-weak float32, new key;
# call 4 changes the static mode; call 5: float64 becomes float32 in x32 mode, cached;
# call 6: a weak int scalar is yet another key
new_keys = [1, 0, 1, 1, 0, 1]
predicted_compiles = sum(new_keys)
print(f"{predicted_compiles=}")
