from typing import NamedTuple

show_recompile_sequence("c05")


class Call(NamedTuple):
    label: str
    compiles: bool


calls = [Call("①", True), Call("②", True), Call("③", False), Call("④", True), Call("⑤", True), Call("⑥", True)]
predicted_compiles = sum(c.compiles for c in calls)
