# ✍️ 作答区:练习 2(先写下预测,不要先运行你的调用序列)
show_recompile_sequence('m02')
# 形状变了、dtype 变了(int32)、True 是 bool,各自重新编译
predicted_compiles = 5
