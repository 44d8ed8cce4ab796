# ✍️ 作答区:练习 2(先写下预测,不要先运行你的调用序列)
show_recompile_sequence("i03")
# ① mode="b" 첫 컴파일, ② mode="a" 라서 새로 컴파일, ③ 모양 (2,) 새로,
# ④ arange(3) 은 int32 라서 새로, ⑤ arange(3.0) 은 ② 와 같음, ⑥ True 는 bool 이라 새로
predicted_compiles = 5
