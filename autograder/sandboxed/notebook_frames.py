"""The grading child's own code, renamed so that student code cannot recognise it on the call stack.

Student code runs below the child's frames (main -> exercise -> probe -> Recorder.observe -> a probe's
lambda -> JAX -> the student's function). Without this, `inspect.stack()` or `sys._getframe` walks in
a student's function see module names such as `<package>.probes.<id>`, file names under the child
library and function names such as `run_probe`: an answer could behave well only while such a frame
is on the stack. `disguise()` renames, before any student code runs, every module of the child's package:
  - each function's code object (nested code included): the file name becomes one like a notebook
    cell's (`<ipython-input-1-<12 hex>>`, random per process), the function name a common one
    (`NAME_POOL`, chosen by the real name: jitted grader functions keep the same name in every
    grading, so the persistent compilation cache, whose key holds it, still hits);
  - the module's globals: `__name__` is `__main__`, `__file__` the cell-like name, `__package__`
    None (relative imports still resolve through `__spec__`), so a function a probe makes while it
    runs (a lambda or nested function it hands to student code) has `__module__` `__main__` and the
    neutral `__name__`/`__qualname__` of its code.
Functions and classes defined at import keep their `__name__`, `__qualname__` and `__module__`
attributes (no frame shows them; the tripwire's reports name what was tampered with by them).
Beyond the call stack, `kernel_argv` gives `sys.argv` a Jupyter kernel's shape, `forget_launcher`
empties the launcher's namespace (the bottom frame's globals) and `forget_editable_installs` drops a
development install's import finder. The package itself is imported under a neutral name (the child
library's CHILD_PACKAGE, grade/child_library.py), so `sys.modules` keys, `__spec__` and the library
folder do not name the grader either. What still does (the objects in the grader frames' locals, the
modules' docstrings and sources) is listed with the reason in docs/contributors/trust-boundary.md
("What student code can see of the grading context").

Everything that needs a module's real name must read `real_name(module)` (its `__spec__`). It runs
before the snapshot and the audit tripwire take the code objects they trust, and never on code that
is running (a running frame keeps its code object): the launcher (CHILD_LAUNCH in
grade/run/notebook_child.py) calls it
before main(), and once more for the modules main() imports (the probes).
"""

from __future__ import annotations

import hashlib
import importlib.util
import os
import secrets
import sys
import uuid
from types import CodeType, FunctionType, ModuleType
from typing import Any

CELL_FILE = "<ipython-input-{n}-{digest}>"  # IPython's InteractiveShell name for a cell's code
# Names notebooks give their functions: none says "grader", "check" or "test".
NAME_POOL = ("f", "g", "h", "fn", "func", "step", "run", "body", "loss", "apply", "inner", "wrapper",
             "helper", "compute", "go", "call", "work", "update", "evaluate", "make", "build", "do")
# File names handed out in this process (behaviour.py leaves frames with these out of "the student's").
DISGUISED_FILES: set[str] = set()
_done: set[int] = set()  # ids of the modules renamed already


def real_name(module: ModuleType) -> str:
    """The module's import name, also after `disguise` renamed its `__name__`."""
    spec = getattr(module, "__spec__", None)
    return spec.name if spec is not None else module.__name__


def neutral_name(name: str) -> str:
    """A common function name for `name`, the same one in every process; `<lambda>`, `<genexpr>`
    and dunder protocol names stay (notebook code has them too)."""
    if name.startswith("<") or (name.startswith("__") and name.endswith("__")):
        return name
    return NAME_POOL[hashlib.sha256(name.encode()).digest()[0] % len(NAME_POOL)]


def renamed_code(code: CodeType, filename: str) -> CodeType:
    """`code` with the cell-like file name and a neutral name, nested code objects alike."""
    consts = tuple(renamed_code(c, filename) if isinstance(c, CodeType) else c for c in code.co_consts)
    name = neutral_name(code.co_name)
    return code.replace(co_filename=filename, co_name=name, co_qualname=name, co_consts=consts)


def _cell_file() -> str:
    name = CELL_FILE.format(n=1, digest=secrets.token_hex(6))
    DISGUISED_FILES.add(name)
    return name


def _rename_function(fn: FunctionType, filename: str) -> None:
    fn.__code__ = renamed_code(fn.__code__, filename)


def _functions_in(namespace: dict[str, Any] | Any, module_name: str) -> list[FunctionType]:
    """The functions a module or class namespace defines (methods, static/class methods, properties)."""
    out: list[FunctionType] = []
    for value in list(namespace.values()):
        if isinstance(value, (staticmethod, classmethod)):
            value = value.__func__
        if isinstance(value, property):
            out += [f for f in (value.fget, value.fset, value.fdel) if isinstance(f, FunctionType)]
        elif isinstance(value, FunctionType) and value.__module__ == module_name:
            out.append(value)
    return out


def disguise_module(module: ModuleType) -> None:
    """Rename the code of one module's functions and methods, and its globals (once)."""
    if id(module) in _done:
        return
    _done.add(id(module))
    name, filename = module.__name__, _cell_file()
    namespace = vars(module)
    classes = [v for v in list(namespace.values()) if isinstance(v, type) and v.__module__ == name]
    functions = _functions_in(namespace, name)
    for cls in classes:
        functions += _functions_in(cls.__dict__, name)
    for fn in {id(f): f for f in functions}.values():
        _rename_function(fn, filename)
    namespace.update({"__name__": "__main__", "__file__": filename, "__package__": None, "__cached__": None})


def disguise(package: str, main_module: ModuleType | None = None) -> None:
    """Rename every module of `package` imported so far (and `main_module`, the child run with -m)."""
    modules = [m for key, m in list(sys.modules.items())
               if isinstance(m, ModuleType) and (key == package or key.startswith(package + "."))]
    if main_module is not None:
        modules.append(main_module)
    for module in modules:
        disguise_module(module)


def kernel_argv(argv: list[str]) -> list[str]:
    """Give `sys.argv` the shape it has in a Jupyter kernel (ipykernel's launcher, `-f`, a connection
    file in the runtime folder under HOME) and return the launcher's own arguments, which only the
    child's main() reads. Without this student code reads `-c` and the job folder from `sys.argv`:
    not a kernel, so being graded."""
    spec = importlib.util.find_spec("ipykernel_launcher")  # a path lookup, no import
    launcher = spec.origin if spec is not None and spec.origin else "ipykernel_launcher.py"
    runtime = os.path.join(os.path.expanduser("~"), ".local", "share", "jupyter", "runtime")
    own = list(argv)
    sys.argv[:] = [launcher, "-f", os.path.join(runtime, f"kernel-{uuid.uuid4()}.json")]
    return own


EDITABLE_PREFIX = "__editable__"  # setuptools' editable installs: `__editable___<dist>_<version>_finder`


def forget_editable_installs() -> None:
    """Drop what a development (editable) install of the grader's distribution left in this process:
    site's `.pth` imported its finder (a `sys.modules` key and a `sys.meta_path` entry naming the
    distribution, a path hook, a `sys.path` placeholder). The child imports its own code from the
    child library and the course's from there too; the finder maps the grader's packages to the
    repository, which the sandbox hides, so nothing the child or a notebook can import goes with it."""
    def editable(obj: Any) -> bool:
        return str(getattr(obj, "__module__", "")).startswith(EDITABLE_PREFIX)

    sys.meta_path[:] = [f for f in sys.meta_path if not editable(f)]
    sys.path_hooks[:] = [h for h in sys.path_hooks if not editable(h)]
    sys.path[:] = [p for p in sys.path if not (isinstance(p, str) and p.startswith(EDITABLE_PREFIX))]
    for key in [k for k in sys.path_importer_cache if str(k).startswith(EDITABLE_PREFIX)]:
        del sys.path_importer_cache[key]
    for key in [k for k in sys.modules if k.startswith(EDITABLE_PREFIX)]:
        del sys.modules[key]


def forget_launcher(namespace: dict[str, Any]) -> None:
    """Drop the names the launcher's `python -c` code bound (its modules, `sys`): its frame stays at
    the bottom of the stack while student code runs, and its globals would hand student code the
    child's modules (whose `__spec__` names the grader)."""
    for name in [k for k in namespace if not (k.startswith("__") and k.endswith("__"))]:
        del namespace[name]
