"""The one table of student-facing status messages (Simplified Chinese).

Every message a student can read about how grading went (not about a sub-check: those titles live
in the exercise modules) comes from here, so wording stays consistent and reviewable in one place.
"""

from __future__ import annotations

MESSAGES: dict[str, str] = {
    # per exercise: how running the student's code ended
    "timeout": "本题代码运行超过 {limit_s:g} 秒被终止,本题记 0 分。",
    "crashed": "运行本题代码时进程意外退出({detail}),本题记 0 分。",
    "memory": "本题代码超出内存上限被终止,本题记 0 分。",
    "no_answer": "没有找到本题的作答单元格(作答单元格可能被删除,或被改成了 Markdown)。",
    "cell_error": "第 {cell} 个单元格运行出错:{error}",
    "probe_error": "评分时调用你的代码出错:{error}",
    "invalid_output": "评分观测结果无效:{detail}",
    "malformed_output": "评分观测结果损坏或超过大小上限,本题记 0 分。",
    "not_run": "本题没有运行(同一章前面的题目导致评分进程多次退出)。",
    # per chapter / submission
    "not_submitted": "没有找到第 {chapter_no} 章的笔记本,本章各题记 0 分。",
    "setup_ignored": ("第 {cell} 个单元格是发布版本的环境设置单元格,你的修改不会被运行"
                      "(评分时使用发布版本的设置)。"),
    # C++ kernel build (chapter 5)
    "build_failed": "C++ 内核 {name} 编译失败,编译器的前几行诊断如下:\n{diagnostics}",
    "build_timeout": "C++ 内核 {name} 编译超过 {limit_s:g} 秒被终止。",
    "build_memory": "C++ 内核 {name} 编译超出内存上限被终止。",
    "bad_writefile": ("第 {cell} 个单元格的第一行 `{line}` 无法识别({reason}),这个单元格不会写出任何文件,"
                      "评分时也不把它当作 C++ 源码。%%writefile 后面只能跟一个文件名,"
                      "例如 `%%writefile silu.cc`;注释请写在下一行(C++ 的 // 注释)。"),
    "no_kernel_source": ("没有找到 C++ 内核源码(需要一个 %%writefile silu.cc 单元格,"
                         "或随作业提交的 .cc 文件)。"),
    "kernel_crashed": "单独加载你编译好的内核并调用时{detail}。",
}

KERNEL_RUN_DETAILS: dict[str, str] = {
    "crashed": "进程异常退出",
    "timeout": "运行超时",
    "memory": "超出内存上限",
}

CRASH_DETAILS: dict[str, str] = {
    "signal": "收到信号 {signal}",
    "exit": "退出码 {code}",
    "output": "输出超过上限",
    "limit": "超出资源上限 {limit}",
}


def message(key: str, **fields: object) -> str:
    """The student-facing text for `key`, formatted with `fields` (KeyError on an unknown key)."""
    return MESSAGES[key].format(**fields)


def crash_detail(kind: str, **fields: object) -> str:
    return CRASH_DETAILS[kind].format(**fields)


def kernel_run_message(status: str) -> str:
    """For a kernel child that ended with `status` ("crashed", "timeout", "memory")."""
    return message("kernel_crashed", detail=KERNEL_RUN_DETAILS.get(status, KERNEL_RUN_DETAILS["crashed"]))
