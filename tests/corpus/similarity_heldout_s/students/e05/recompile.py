from typing import NamedTuple


class Call(NamedTuple):
    label: str
    compiles: bool


show_recompile_sequence("e05")
calls = [
    Call("① first", True),
    Call("② shape (4,)", True),
    Call("③ 5.0 weak float", False),
    Call("④ mode b", True),
    Call("⑤ int32", True),
    Call("⑥ (4,) with mode b", True),
]
predicted_compiles = sum(c.compiles for c in calls)
