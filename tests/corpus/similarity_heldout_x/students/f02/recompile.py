# ✍️ 作答区:练习 2(先写下预测,不要先运行你的调用序列)
from string import Template

show_recompile_sequence("f02")
# ① compiles; ② only the value of a weak float changes; ③ float64 NumPy array becomes float32 (x32);
# ④ new static mode; ⑤ same key as ④; ⑥ same key as ①
predicted_compiles = 2
print(Template("predicted: g compiles $n times").substitute(n=predicted_compiles))
