# ✍️ 作答区:练习 2(先写下预测,不要先运行你的调用序列)
show_recompile_sequence("q07")  # 换成你的学号,运行后打印你的调用序列
# 1. first call compiles; 2. a new shape compiles; 3. a new value of a traced scalar does not;
# 4. a new static mode compiles; 5. int32 input compiles; 6. shape 4 with mode b is new again
predicted_compiles = 5
