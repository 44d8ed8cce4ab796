# ✍️ 作答区:练习 2(先写下预测,不要先运行你的调用序列)
show_recompile_sequence("f16")
# first call compiles; a (4,) shape is new; ③ reuses the first executable;
# mode="b" is a new static value; an int32 array is a new dtype; (4,) with mode="b" is new again
fresh_keys = [1, 1, 0, 1, 1, 1]
predicted_compiles = sum(fresh_keys)
