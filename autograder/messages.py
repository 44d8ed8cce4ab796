"""The one home of student-facing text (Simplified Chinese) and of the status vocabulary.

Every text is marked `N_()` for the gettext catalogue (autograder/i18n.py, docs/translations.md) and
translated with `_()` where it is read: by this module's functions, or by a caller that reads a table
or a constant directly.

Every fixed message a student can read about how grading went comes from here: statuses, intake
refusals and notes, the runner's notes, what the observation reader says about unusable output,
the report's footer, the Gradescope fault note. What an exercise's verdict says about one sub-check
(its title and the observed values) lives in the exercise module, next to the check it explains.
"""

from __future__ import annotations

from enum import StrEnum

from autograder import registry
from autograder.i18n import N_, _


class Status(StrEnum):
    """Statuses of a submission (`StudentResult.status`) and of an exercise (`ExerciseScore.status`).

    The values are stored (grades.csv, results.json, the gradebook, the service's database): never
    change one. Composite statuses are built by `malformed()`, `partial_not_submitted()`,
    `partial_too_large()`.
    """

    OK = "ok"
    # a submission
    NOT_SUBMITTED = "not_submitted"  # nothing submitted (also an exercise of a missing chapter)
    MALFORMED = "malformed"  # "malformed:<intake code>": nothing gradable (also its exercises)
    PARTIAL = "partial"  # "partial:not_submitted:<chapter>": one chapter missing
    # ("partial:too_large:<chapter>": its notebook was handed in but left out for its size)
    BUILD_FAILED = "build_failed"  # the student's C++ kernel did not compile
    GRADER_ERROR = "grader_error"  # the grader failed (retried; never a score)
    # an exercise (TAMPERED, TIMEOUT, CRASHED, MEMORY also name a submission)
    GATE_FAILED = "gate_failed"
    TAMPERED = "tampered"
    UNANSWERED = "unanswered"
    TIMEOUT = "timeout"
    CRASHED = "crashed"
    MEMORY = "memory"
    MALFORMED_OUTPUT = "malformed_output"
    INVALID_OUTPUT = "invalid_output"
    NOT_RUN = "not_run"
    NO_ANSWER = "no_answer"
    SKIPPED = "skipped"  # left out by the exercises filter (no points either way)


def malformed(code: str) -> str:
    """The status of a submission intake refused as a whole (`code`: a key of INTAKE_ZH)."""
    return f"{Status.MALFORMED}:{code}"


def partial_not_submitted(chapter: str) -> str:
    """The status of a submission without the notebook of `chapter`."""
    return f"{Status.PARTIAL}:{Status.NOT_SUBMITTED}:{chapter}"


def partial_too_large(chapter: str) -> str:
    """The status of a submission whose notebook of `chapter` intake left out for its size."""
    return f"{Status.PARTIAL}:too_large:{chapter}"


CHAPTER_ZH: dict[str, str] = {"ch02": N_("第 2 章"), "ch05": N_("第 5 章")}


def chapter_zh(chapter: str) -> str:
    """A chapter as the student reads it ("ch07" -> 第 7 章 for a chapter not named above)."""
    if chapter in CHAPTER_ZH:
        return _(CHAPTER_ZH[chapter])
    return _("第 {number} 章").format(number=chapter.removeprefix("ch").lstrip("0"))


# --- what a status means to the student --------------------------------------------------------

STATUS_ZH: dict[str, str] = {
    "ok": N_("已完成评分"),
    "not_submitted": N_("没有收到提交"),
    "malformed": N_("提交的文件无法读取,没有可评分的内容"),
    # "partial:not_submitted:<chapter>", one per chapter; status_zh() fills in the chapter
    **{partial_not_submitted(ch): N_("没有找到{chapter}的笔记本,该章各题记 0 分")
       for ch in registry.chapters()},
    **{partial_too_large(ch): N_("{chapter}的笔记本太大,没有读取,该章各题记 0 分")
       for ch in registry.chapters()},
    "tampered": N_("检测到代码替换了评分依赖的函数,相关题目记 0 分"),
    "timeout": N_("部分代码运行超时被终止"),
    "crashed": N_("部分代码运行时进程意外退出"),
    "memory": N_("部分代码超出内存上限被终止"),
    "build_failed": N_("C++ 内核编译失败"),
    "grader_error": N_("评分系统出现故障,你的提交会被重新评分(这不是你的问题)"),
}
EXERCISE_STATUS_ZH: dict[str, str] = {
    "ok": N_("已评分"),
    "gate_failed": N_("未满足本题的关键要求,本题记 0 分"),
    "tampered": N_("检测到篡改,本题记 0 分"),
    "timeout": N_("运行超时,本题记 0 分"),
    "crashed": N_("进程意外退出,本题记 0 分"),
    "memory": N_("超出内存上限,本题记 0 分"),
    "not_submitted": N_("没有提交本章的笔记本"),
    "malformed": N_("提交无法读取"),
    "build_failed": N_("C++ 内核编译失败"),
    "no_answer": N_("没有找到作答单元格"),
    "skipped": N_("本次未评分此题"),
    "not_run": N_("本题没有运行"),
    "invalid_output": N_("评分观测结果无效,本题记 0 分"),
    "malformed_output": N_("评分观测结果损坏,本题记 0 分"),
    "unanswered": N_("尚未作答"),
}

# --- the runner's notes (per exercise, per chapter, the C++ kernel build) ------------------------

MESSAGES: dict[str, str] = {
    # per exercise: how running the student's code ended
    "timeout": N_("本题代码运行超过 {limit_s:g} 秒被终止,本题记 0 分。"),
    "crashed": N_("运行本题代码时进程意外退出({detail}),本题记 0 分。"),
    "memory": N_("本题代码超出内存上限被终止,本题记 0 分。"),
    "no_answer": N_("没有找到本题的作答单元格(作答单元格可能被删除,或被改成了 Markdown)。"),
    "cell_error": N_("第 {cell} 个单元格运行出错:{error}"),
    "probe_error": N_("评分时调用你的代码出错:{error}"),
    "invalid_output": N_("评分观测结果无效:{detail}"),
    "malformed_output": N_("评分观测结果损坏或超过大小上限,本题记 0 分。"),
    "not_run": N_("本题没有运行(同一章前面的题目导致评分进程多次退出)。"),
    # per chapter / submission
    "not_submitted": N_("没有找到第 {chapter_no} 章的笔记本,本章各题记 0 分。"),
    "notebook_too_large": (
        N_("{chapter}的笔记本 {name} 太大({detail}),超过 {limit_mb:g} MB 的上限,没有读取,本章各题记 0 分。"
        "请清除输出(例如「清除所有输出」)后重新提交。")
    ),
    "setup_ignored": (
        N_("第 {cell} 个单元格是发布版本的环境设置单元格,你的修改不会被运行(评分时使用发布版本的设置)。")
    ),
    "cell_not_analysed": (
        N_("第 {cell} 个单元格太长(超过 {chars} 个字符,或超过 {magics} 行 ! / % 命令,"
        "或本笔记本的代码总量超出评分器分析的上限),评分器没有分析它定义了哪些接口,"
        "只按它在笔记本中的位置归入前面的练习;它仍会照常运行。")
    ),
    "setup_cells_ignored": (
        N_("有 {count} 个单元格(第 {cells} 个)是发布版本的环境设置单元格,你的修改不会被运行"
        "(评分时使用发布版本的设置)。")
    ),
    "cells_not_analysed": (
        N_("有 {count} 个单元格(第 {cells} 个)太长(超过 {chars} 个字符,或超过 {magics} 行 ! / % 命令,"
        "或本笔记本的代码总量超出评分器分析的上限),评分器没有分析它们定义了哪些接口,"
        "只按它们在笔记本中的位置归入前面的练习;它们仍会照常运行。")
    ),
    "notes_omitted": N_("另有 {count} 条提示没有列出(提示太多)。"),
    # C++ kernel build (chapter 5)
    "build_failed": N_("C++ 内核 {name} 编译失败,编译器的前几行诊断如下:\n{diagnostics}"),
    "build_timeout": N_("C++ 内核 {name} 编译超过 {limit_s:g} 秒被终止。"),
    "build_memory": N_("C++ 内核 {name} 编译超出内存上限被终止。"),
    "bad_writefile": (
        N_("第 {cell} 个单元格的第一行 `{line}` 无法识别({reason}),这个单元格不会写出任何文件,"
        "评分时也不把它当作 C++ 源码。%%writefile 后面只能跟一个文件名,"
        "例如 `%%writefile silu.cc`;注释请写在下一行(C++ 的 // 注释)。")
    ),
    "writefile_too_large": (
        N_("第 {cell} 个单元格的 %%writefile 内容超过 {limit_mb} MB 的上限"
        "(与附加源文件相同),评分时不把它当作 C++ 源码。")
    ),
    "no_kernel_source": (
        N_("没有找到 C++ 内核源码(需要一个 %%writefile silu.cc 单元格,或随作业提交的 .cc 文件)。")
    ),
    "kernel_crashed": N_("单独加载你编译好的内核并调用时{detail}。"),
}

KERNEL_RUN_DETAILS: dict[str, str] = {
    "crashed": N_("进程异常退出"),
    "timeout": N_("运行超时"),
    "memory": N_("超出内存上限"),
}

CRASH_DETAILS: dict[str, str] = {
    "signal": N_("收到信号 {signal}"),
    "exit": N_("退出码 {code}"),
    "output": N_("输出超过上限"),
    "limit": N_("超出资源上限 {limit}"),
}


# --- intake: refusals of a whole entry and notes about files (code -> template) ----------------

INTAKE_ZH: dict[str, str] = {
    "empty": N_("文件 {name} 是空的。"),
    "too_large": N_("文件 {name} 太大({detail}),没有读取。"),
    "not_utf8": N_("文件 {name} 不是 UTF-8 编码的文本,无法作为笔记本读取。"),
    "not_json": N_("文件 {name} 不是合法的 JSON,可能已损坏或不是 Jupyter 笔记本。"),
    "nbformat": N_("文件 {name} 的笔记本格式版本是 {detail},只接受 nbformat 4;请用 Jupyter 重新保存后提交。"),
    "not_notebook": N_("文件 {name} 不是结构正确的 Jupyter 笔记本({detail})。"),
    "unknown_chapter": N_("无法判断笔记本 {name} 属于哪一章:既没有课程元数据,也没有定义任何练习要求的名字。"),
    "bad_zip": N_("压缩包 {name} 无法读取({detail})。"),
    "unsafe_zip": N_("压缩包 {name} 含有不安全的路径({detail}),整个压缩包未被读取;"
    "请直接压缩笔记本文件后重新提交。"),
    "zip_bomb": N_("压缩包 {name} 解压后过大或与声明的大小不符({detail}),整个压缩包未被读取。"),
    "too_many_files": N_("提交 {name} 中的文件太多({detail}),没有读取。"),
    "symlink": N_("提交中含有符号链接 {name},出于安全原因整个提交未被读取;请只提交普通文件。"),
    "special_file": N_("提交中含有特殊文件 {name}(不是普通文件),出于安全原因整个提交未被读取。"),
    "unsupported_type": N_("无法识别的提交 {name}:请提交 .ipynb、.zip 或包含笔记本的文件夹。"),
    "no_notebook": N_("提交中没有找到 Jupyter 笔记本(.ipynb)。"),
    "encrypted": N_("压缩包中的文件 {name} 已加密,没有读取。"),
    "nested_archive": N_("压缩包中的压缩文件 {name} 没有被解开(不支持嵌套压缩包)。"),
    "unsafe_name": N_("附加文件 {name} 的文件名含有不允许的字符,已忽略(只允许英文字母、数字和 ._+-)。"),
    "path_conflict": (
        N_("附加文件 {name} 位于同名文件之下(例如同时有 k.cc 和 k.cc/k.cc),无法放进作业文件夹,已忽略。")
    ),
    "extra_too_large": N_("附加文件 {name} 太大({detail}),已忽略。"),
    "ignored_files": N_("已忽略 {detail} 个与评分无关的文件。"),
    "duplicate_chapter": N_("找到 {detail} 个{chapter}的笔记本({names}),按文件修改时间评分最新的 {name}。"),
    "chapter_by_code": N_(
        "笔记本 {name} 的元数据标为{claimed},但代码定义的是{chapter}的内容,按{chapter}评分。"
    ),
    "other_release": N_("笔记本 {name} 来自作业版本 {detail},当前评分版本为 {release};仍按当前版本评分。"),
    "too_deep": N_("提交中 {name} 的文件夹层级太深,已忽略。"),
    "unusable_input": N_("提交中含有评分器无法处理的数据,没有评分:{detail}"),
    "bad_id": N_("提交的名字 {name} 中没有可辨认的学号(只有空白或不可见字符),没有评分;"
                 "请以学号命名文件后重新提交。"),
}

# --- unusable observations (the parent's reader of what a child wrote) --------------------------

FORGED_OUTPUT_ZH = N_("观测结果不是评分进程写的")
OVERSIZED_OUTPUT_ZH = N_("观测结果超过大小上限")

# --- scores (exercises/base.py) ---------------------------------------------------------------

PASSED_ZH = N_("通过")
FAILED_ZH = N_("未通过")
# a sub-check of an exercise that was never run (intake failure, missing chapter)
NOT_GRADED_ZH = N_("未评分")
UNANSWERED_ZH = N_("尚未作答")
LOST_ZH = N_("没有得到本题的观测结果")
UNSCORED_ZH = N_("未评分(检测到篡改)")
NO_CHECK_RESULT_ZH = N_("没有得到检查结果")
TAMPERED_NOTHING_OBSERVED_ZH = N_("检测到代码替换了评分依赖的函数({labels}),本题没有得到观测结果,记 0 分。")
TAMPERED_ZH = N_("检测到代码替换了评分依赖的函数({labels}),本题记 0 分。")
TAMPERED_MARK_ZH = N_("{mark}(检测到篡改,不计分)")
GATE_FAILED_ZH = N_("{gates},本题记 0 分。")  # gates: "<title>未满足" joined by ";"
GATE_UNMET_ZH = N_("{title}未满足")
COUNTS_WITH_ONE_ZH = N_("此项只在{titles}也通过时计分")
COUNTS_WITH_ANY_ZH = N_("此项只在{titles}中至少一项也通过时计分")

# --- the kernel child of silu_ffi (kernel.__run__ -> why the kernel checks could not judge) -------

KERNEL_UNAVAILABLE_ZH: dict[str, str] = {
    "not_built": N_("没有可用的 C++ 内核(没有找到 silu.cc,或编译失败)"),
    "timeout": N_("直接调用 C++ 内核时超时"),
    "crashed": N_("直接调用 C++ 内核时进程崩溃"),
    "memory": N_("直接调用 C++ 内核时超出内存上限"),
}
KERNEL_NOT_RUN_ZH = N_("C++ 内核没有运行({run})")
# the student's compiled library where an error names it (never the grader's own path to it)
KERNEL_LIBRARY_ZH = N_("你的内核库(由 {source} 编译)")
KERNEL_LIBRARY_UNNAMED_ZH = N_("你的内核库")

# --- reports and Gradescope ----------------------------------------------------------------------

CHAPTER_TITLE_ZH: dict[str, str] = {"ch02": N_("第 2 章 性能"), "ch05": N_("第 5 章 互操作与自定义算子")}
FEEDBACK_FOOTER_ZH = N_("本反馈由自动评分系统生成;只列出检查的性质和观察到的结果,不包含评分代码。")
GRADER_FAULT_ZH = (
    N_("评分系统在评这份提交时出了故障,这不是你的问题,也不代表你的得分。"
    "课程助教会收到通知并重新评分;如果几天后分数仍未更新,请联系助教。")
)


def message(key: str, **fields: object) -> str:
    """The student-facing text for `key`, formatted with `fields` (KeyError on an unknown key)."""
    return _(MESSAGES[key]).format(**fields)


def crash_detail(kind: str, **fields: object) -> str:
    return _(CRASH_DETAILS[kind]).format(**fields)


def kernel_run_message(status: str) -> str:
    """For a kernel child that ended with `status` ("crashed", "timeout", "memory")."""
    return message("kernel_crashed", detail=_(KERNEL_RUN_DETAILS.get(status, KERNEL_RUN_DETAILS["crashed"])))


def intake_message(code: str, **fields: object) -> str:
    """An intake refusal or note (`code`: a key of INTAKE_ZH); `name` and `detail` default to ""."""
    fields.setdefault("name", "")
    fields.setdefault("detail", "")
    return _(INTAKE_ZH[code]).format(**fields)


def status_zh(status: str) -> str:
    """What a submission status means, for the student (composite statuses by their head)."""
    if status.startswith(f"{Status.PARTIAL}:") and status in STATUS_ZH:
        return _(STATUS_ZH[status]).format(chapter=chapter_zh(status.rsplit(":", 1)[1]))
    if status in STATUS_ZH:
        return _(STATUS_ZH[status])
    head = status.split(":", 1)[0]
    return _(STATUS_ZH[head]) if head in STATUS_ZH else status


def exercise_status_zh(status: str) -> str:
    """What an exercise status means, for the student."""
    text = EXERCISE_STATUS_ZH.get(status) or EXERCISE_STATUS_ZH.get(status.split(":", 1)[0])
    return _(text) if text else status


# --- the grader service (jaxgrade serve): refusals of a request, and an attempt's state -----------

SERVICE_ZH: dict[str, str] = {
    # the upload itself
    "no_files": N_("没有收到文件:请选择 .ipynb 笔记本(或一个 .zip)。"),
    "too_many_files": N_("一次最多上传 {max_files} 个文件。"),
    "too_large": N_("上传内容超过 {mb:g} MB 的上限。"),
    "file_too_large": N_("文件 {name} 超过 {mb:g} MB 的上限。"),
    "bad_name": N_("文件名 {name} 无法使用。"),
    "bad_type": N_("不支持的文件类型 {name}:请上传 {suffixes} 文件。"),
    "twice": N_("文件 {name} 上传了两次。"),
    "empty_file": N_("文件 {name} 是空的。"),
    "zip_and_notebooks": N_("请只上传一个 .zip,或者上传 .ipynb 笔记本,不要两者混合。"),
    "no_notebook": N_("没有笔记本:请上传 .ipynb 笔记本或一个 .zip。"),
    "not_multipart": N_("请用 multipart/form-data 上传文件(字段名 files)。"),
    "bad_request": N_("请求格式错误。"),
    "not_found": N_("没有这个地址。"),
    "bad_upload": N_("上传的数据不完整或格式错误,请重试。"),
    "spool_full": N_("评分服务暂时无法保存上传的文件(服务器存储空间不足)。你的文件没有被保存,"
    "这次也不算一次提交;请稍后再提交,如果一直这样,请联系助教。"),
    # timing
    "closed": N_("提交已截止({when}),不再接受新的提交。"),
    "rate": N_("一小时内最多提交 {limit} 次。请在约 {minutes} 分钟后再提交。"),
    "storage_quota": N_("你的提交已占满 {mb} MB 的存储额度,不再接受新的提交。请联系助教。"),
    # who may see what
    "bad_token": N_("访问令牌缺失或无效。"),
    "need_ta": N_("需要助教令牌。"),
    "no_attempt": N_("没有找到这次提交。"),
    "no_feedback": N_("这次提交还没有评分反馈。"),
    "no_student": N_("没有这个学生。"),
    "page_expired_upload": N_("页面已过期,没有提交。请重新选择文件再提交一次。"),
    # the pages' log-in
    "login_throttled": N_("登录失败次数太多,请 1 分钟后再试。"),
    "login_bad_token": N_("令牌无效,请检查后重试(注意不要多复制空格)。"),
    "login_expired": N_("页面已过期,请重新输入令牌登录。"),
    # a term of several assignments (the course file): which assignment, when its grades show
    "no_assignment": N_("没有这个作业。"),
    "choose_assignment": N_("现在有多个作业开放提交,请选择要提交到哪个作业。"),
    "nothing_open": N_("现在没有开放提交的作业。"),
    "not_open_yet": N_("作业「{title}」还没有开放提交(开放时间 {when})。"),
    "not_open_download": N_("作业「{title}」还没有开放(开放时间 {when}),"
    "开放后才能下载它的 notebook 和文件夹。"),
    "wrong_chapters": N_("这次提交包含{chapters},不属于作业「{title}」(本作业包括{own})。"
    "请只提交本作业的 notebook,或者选择对应的作业。"),
    "grades_pending": N_("已收到,正在批改。"),
    "grades_graded_hidden": N_("已评分。"),  # a graded attempt whose grade is not shown yet (every client)
    "grades_at": N_("成绩将在 {when} 之后公布。"),
    "grades_on_release": N_("成绩将在助教公布后显示。"),
    "feedback_hidden": N_("成绩和评分反馈尚未公布。"),
    # #22 part B: overrides, regrade requests, the audit log
    "bad_override": N_("成绩调整无效:{why}"),
    "no_override": N_("这道题没有成绩调整。"),
    "need_counted_graded": N_("你还没有已评分的计分提交,暂时不能申请复核。"),
    "bad_exercise": N_("没有这道题:{exercise}。"),
    "request_open": N_("这道题已经有一个未处理的复核申请,请在原申请里补充说明。"),
    "bad_message": N_("留言不能为空,最多 {limit} 个字。"),
    "no_request": N_("没有找到这个复核申请。"),
    "request_closed": N_("这个复核申请已经处理完毕。"),
    "request_filed": N_("复核申请已提交,助教回复后会显示在本页的「成绩与复核」里。"),
    "student_only": N_("只有学生本人可以申请复核。"),
    # issue 32: caps on a student's regrade-request messages (message_caps.py)
    "thread_full": N_("这个复核申请里你的留言已达上限({per_thread} 条),请等待助教回复。"),
    "body_stalled": N_("上传中断:很长时间没有收到数据,这次提交没有保存,请检查网络后重新提交。"),
    "uploads_busy": N_("现在同时上传的人太多,这次提交没有保存,请过几秒钟再提交。"),
    "uploads_in_progress": N_("你已经有上传正在进行,这次提交没有保存。请等前面的上传完成后再提交。"),
    "refused_uploads": N_("最近一小时内你有 {limit} 次上传被拒绝,暂时不再接收你的上传。请先检查文件,"
    "约 {minutes} 分钟后再提交。"),
    "messages_per_day": N_("你在 24 小时内的复核留言已达上限({per_day} 条),请明天再试或等待助教回复。"),
}

# #22 part B: what the student's page calls each audit action and override target.
AUDIT_ACTION_ZH: dict[str, str] = {
    "upload": N_("提交作业"),
    "grading": N_("评分"),
    "regrade": N_("重新评分"),
    "override": N_("助教调整成绩"),
    "override_removed": N_("撤销成绩调整"),
    "override_carried": N_("助教将成绩调整沿用到新的提交"),
    "extension": N_("延期"),
    "extension_removed": N_("撤销延期"),
    "policy": N_("作业规则变更"),
    "publish": N_("公布成绩"),
    "regrade_run": N_("按新版本重新评分(尚未公布)"),
    "regrade_publish": N_("公布重新评分结果"),
    "regrade_run_cancelled": N_("取消重新评分"),
    "unpublish": N_("撤回公布的成绩"),
    "grade_kept_shown": N_("截止时间变更后,已公布的成绩保持可见"),
    "rubric_grade": N_("助教批改测验问答题"),
    "rubric_item": N_("助教修改测验评分细则"),
    "quiz_enabled": N_("测验计入成绩"),
    "release_moved": N_("作业改用新的发布版本"),
    "names_shown": N_("助教查看答卷对应的学生"),
    "lti_link": N_("课程平台账号与你的评分系统账号关联"),
}
# The values of an audit entry a student reads, in words (review_views._value_zh).
AUDIT_VALUE_ZH: dict[str, str] = {
    "visible": N_("成绩可见"),
    "hidden": N_("成绩隐藏"),
    "released": N_("已公布"),
    "kept": N_("保持可见"),
}
REQUEST_STATUS_ZH: dict[str, str] = {"open": N_("待处理"), "resolved": N_("已处理")}
OVERRIDE_TOTAL_ZH = N_("总分")

# The state of one service attempt (autograder.states.AttemptState), as the student's pages show it.
# `grader_error` here is final (the retries are used up and a TA regrades by hand), which is what
# STATUS_ZH's "grader_error" also says: the submission will be graded again, and it is not the
# student's fault.
ATTEMPT_STATE_ZH: dict[str, str] = {
    "queued": N_("排队等待评分"),
    "running": N_("正在评分"),
    "graded": N_("已评分"),
    "grader_error": STATUS_ZH["grader_error"],
}


def service_message(key: str, **fields: object) -> str:
    """A refusal text of the grader service (`key`: a key of SERVICE_ZH)."""
    return _(SERVICE_ZH[key]).format(**fields)
