import operator
from functools import reduce

show_recompile_sequence(
    "a20"
)
# 每次调用是否新编译(1 = 新的缓存键):
#   ① 1  ② 0  ③ 1  ④ 1  ⑤ 0  ⑥ 1
predicted_compiles = reduce(
    operator.add,
    [1, 0, 1, 1, 0, 1],
)
