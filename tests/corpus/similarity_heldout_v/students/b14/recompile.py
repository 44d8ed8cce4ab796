# ✍️ 作答区:练习 2(先写下预测,不要先运行你的调用序列)
show_recompile_sequence(
    "b14"
)
# call 1 (mode b) new, call 2 new, call 3 shape (2,) new, call 4 int32 new,
# call 5 arange(3.0) is f32[3] like call 2 -> cached, call 6 bool scale new
newKeys = [
    1,
    1,
    1,
    1,
    0,
    1,
]
predicted_compiles = sum(
    newKeys
)
