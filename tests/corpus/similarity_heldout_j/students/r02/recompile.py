# ✍️ 作答区:练习 2(先写下预测,不要先运行你的调用序列)
show_recompile_sequence('r02')
# ① 编译;② float16 数组,dtype 变了;③ float16 标量是强类型;④ 形状 (6,);⑤ numpy float32 与 ① 相同;⑥ mode 默认值 "a" 相同
predicted_compiles = 5
