"""Why each call of an exercise's call sequence is there (`calls.memo_traps`), as the student reads it
in a failed call's message (trusted side; translated where read). One table for the reasons every
sequence shares; an exercise adds the reasons of its own steps."""

from __future__ import annotations

from autograder.i18n import N_

CALL_WHY_ZH: dict[str, str] = {
    "first": N_("第一次用这份数据调用"),
    "again": N_("再次用同一个数组对象调用"),
    "reshaped": N_("同样的数据(同样的字节)、另一种形状"),
    "recycled": N_("前一个数组对象被回收之后新建的数组(它的 id 可能被重用)"),
    "interleaved": N_("同一个数组对象上函数值与导数交替调用"),
    "jit": N_("jit 下调用新建的数组"),
    "dtype": N_("同样的值、另一种 dtype(x64 下的 float64)"),
}
