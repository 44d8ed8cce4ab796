# ✍️ 作答区:练习 2(先写下预测,不要先运行你的调用序列)
import textwrap

show_recompile_sequence("f03")
reasoning = textwrap.dedent("""\
    ① int scale -> weak int32: compile
    ② another int: same key
    ③ float scale -> weak float32: compile
    ④ np.float32 scalar -> float32, not weak: compile
    ⑤ jnp.float32 scalar: same key as ④
    ⑥ int again: same key as ①
""")
predicted_compiles = 3
print(reasoning)
