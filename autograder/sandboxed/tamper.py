"""Notice when student code tampers with what the probes and the observation writer rely on (runs in
the child, next to the student's code).

Two tripwires, both armed before any student code runs. Neither is a wall: student code shares the
process (docs/architecture.md, "What the child's tripwire catches" lists what they catch and what
they cannot).

1. `Snapshot`: dotted names such as "jax.jit" or "jax.stages.Lowered.as_text" resolved before any
   student code runs; the objects themselves are kept (so an id cannot be reused) plus their code
   objects, defaults and closure contents (so an in-place `f.__code__ = ...` is noticed as well).
   `snapshot.changed()` re-resolves every name and lists those that no longer give the same thing.
   Module globals of the probe modules are snapshotted the same way (`take_module`), so a notebook
   cannot swap the `jnp` a probe calls. The child checks it before each probe and at its end.

2. The audit tripwire (`install_tripwire`): a `sys.addaudithook` hook installed before the release's
   setup cells and armed (`arm`) right before the first student cell. Audit hooks cannot be removed,
   and everything the hook uses is bound in its closure, which no Python code can reach once the heap
   walks (gc.get_objects / get_referrers / get_referents) are refused; so its verdicts are sticky.
   While armed it
   - refuses (RuntimeError) and reports: sys.addaudithook, the gc heap walks, assignments to the
     code/defaults of a trusted function and `__class__` swaps of the writer's objects; with
     `refuse_ctypes` (chapters whose exercises need no native code) every `ctypes.*` event: loading
     a library, calling a foreign function, making an object from an address, reading memory
     (native code could rewrite the hook's own state);
   - reports hooks and threads that act during a probe: sys.settrace / sys.setprofile /
     sys.monitoring.register_callback calls and thread starts during the probe (even when the hook
     or thread is gone again before the next check), and, at the probe's start and at every record,
     a trace/profile function or sys.monitoring tool that is set, or a Python thread that is alive,
     beyond what was there when it was armed; monitoring callbacks left registered are reported and
     cleared when a probe starts;
   - on every observation frame (event "jaxgrade.sent", raised only by observe.StreamSink._send)
     checks that every Python frame between the writer and the child's main() is trusted code
     (code objects and globals of the trusted modules: the writer, the child, the probes), that no
     global of a trusted module and no attribute of a trusted class changed since install, that the
     stream descriptor is still the socket connected at start, and hashes the frame: the count and
     SHA-256 of an exercise's frames go into its "end" frame, so the parent notices frames written
     past the writer (straight into the socket) or dropped.
   - reports any change, while a probe runs, of an object a relied-on name is looked up in
     (`holders_of`: each module along the dotted path and every class of a class's MRO), through
     CPython's dict watchers on their namespaces (PyDict_AddWatcher, set up with ctypes before
     arming): a wrapper that a function the probe calls installs over `jax.stages.Compiled.as_text`
     and that puts the original back when first used is gone again by the after-probe snapshot,
     but its set was seen. On a module namespace only a new key is allowed (an import adds the
     submodule to its package); on a class namespace nothing.
   The child drives it with `arm()`, `phase(exercise, "cells" | "probe" | "closing")`, `flag()` and
   `report()`; these only take effect when called from trusted code below main(), in order.

Reports are short labels ("sys.setprofile", "threading", "gc.get_objects", "<module>.<global>",
"observation written from untrusted code (<file>:<function>)", ...) that end up in the exercise's
`__tampered__` observation.
"""

from __future__ import annotations

import _thread
import atexit
import ctypes
import gc
import hashlib
import importlib
import os
import sys
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from types import BuiltinFunctionType, CodeType, FunctionType, ModuleType
from typing import Any

_MISSING = object()
_audit = sys.audit


def resolve(dotted: str) -> Any:
    """The object a dotted name denotes: longest importable module prefix, then attributes."""
    parts = dotted.split(".")
    for cut in range(len(parts), 0, -1):
        try:
            obj: Any = importlib.import_module(".".join(parts[:cut]))
        except Exception:  # ImportError, or whatever a poisoned sys.modules entry raises
            continue
        try:
            for attr in parts[cut:]:
                obj = getattr(obj, attr)
        except Exception:
            return _MISSING
        return obj
    return _MISSING


def _real_name(module: ModuleType) -> str:
    """A module's import name (the child renames its modules' `__name__` to __main__: notebook_frames.py)."""
    spec = getattr(module, "__spec__", None)
    return spec.name if spec is not None else module.__name__


def _fingerprint(obj: Any) -> tuple[Any, ...]:
    """What must stay identical: the object, and for Python functions their code, defaults and the
    contents of their closure cells."""
    try:
        func = getattr(obj, "__func__", obj)  # bound/class methods
        closure = getattr(func, "__closure__", None)
        cells = tuple(_code_like(c) for c in closure) if type(closure) is tuple else ()
        return (obj, getattr(func, "__code__", None), getattr(func, "__defaults__", None),
                getattr(func, "__kwdefaults__", None), *cells)
    except Exception:  # an object whose attribute access raises is not the one recorded
        return (obj, _MISSING, _MISSING, _MISSING)


def _code_like(cell: Any) -> Any:
    """A closure cell's content when it is code (a function, class or module a wrapper calls), else
    None: data cells (caches, counters) may change legitimately."""
    try:
        value = cell.cell_contents
    except ValueError:  # empty cell
        return None
    return value if isinstance(value, (FunctionType, BuiltinFunctionType, type, ModuleType)) else None


def _same(a: tuple[Any, ...], b: tuple[Any, ...]) -> bool:
    return len(a) == len(b) and all(x is y for x, y in zip(a, b, strict=True))


@dataclass(frozen=True)
class Snapshot:
    entries: dict[str, tuple[Any, ...]]  # label -> fingerprint taken before student code ran

    @classmethod
    def take(cls, names: list[str] | tuple[str, ...]) -> Snapshot:
        return cls({name: _fingerprint(resolve(name)) for name in names})

    @classmethod
    def take_module(cls, module: ModuleType) -> Snapshot:
        """Every global of `module` (its imports and helper functions)."""
        return cls({f"{_real_name(module)}.{k}": _fingerprint(v) for k, v in vars(module).items()
                    if not k.startswith("__")})

    def merged(self, other: Snapshot) -> Snapshot:
        return Snapshot({**self.entries, **other.entries})

    def changed(self, labels: list[str] | tuple[str, ...] | None = None) -> list[str]:
        """Labels (dotted names) whose object is no longer the one recorded."""
        out = []
        for label in self.entries if labels is None else labels:
            before = self.entries.get(label)
            if before is None:
                continue
            if not _same(before, _fingerprint(resolve(label))):
                out.append(label)
        return sorted(out)


# --- the audit tripwire ----------------------------------------------------------------------------


@dataclass(frozen=True)
class TripwireSpec:
    """What the audit tripwire trusts and watches (taken before any student code runs)."""

    modules: tuple[ModuleType, ...]  # their code may write observations; their globals must not change
    probes: tuple[ModuleType, ...]  # the probe module of each exercise (same order): trusted like
    # `modules`, but only while its own exercise runs
    classes: tuple[type, ...]  # attributes that must not change; instances keep their class
    namespaces: tuple[tuple[str, Mapping[str, Any]], ...]  # (label, mapping) that must not change
    root: CodeType  # the child's main(): a write's stack walk ends there
    sender: CodeType  # observe.StreamSink._send: the only code that announces a frame
    exercises: tuple[str, ...]  # in the order the child runs them
    stream_fd: int | None = None  # the observation socket
    refuse_ctypes: bool = False  # chapters without native code: every ctypes operation is tampering
    holders: tuple[tuple[str, Any], ...] = ()  # (label, module or class): must not change during a probe


@dataclass(frozen=True)
class TripwireReport:
    labels: tuple[str, ...]  # what was noticed during the exercise (sorted)
    frames: int  # observation frames the writer announced during the exercise
    sha256: str  # of those frames, in order


def _code_tree(code: CodeType, out: dict[int, CodeType]) -> None:
    if id(code) in out:
        return
    out[id(code)] = code
    for const in code.co_consts:
        if isinstance(const, CodeType):
            _code_tree(const, out)


def _functions_of(namespace: Mapping[str, Any], module_name: str) -> list[tuple[str, FunctionType]]:
    """(qualified name, function) of the functions and methods defined in a module or class namespace."""
    out = []
    for value in list(namespace.values()):
        if isinstance(value, (staticmethod, classmethod)):
            value = value.__func__
        if isinstance(value, property):
            out += [(f"{module_name}.{f.__qualname__}", f) for f in (value.fget, value.fset, value.fdel)
                    if isinstance(f, FunctionType)]
        elif isinstance(value, FunctionType) and value.__module__ == module_name:
            out.append((f"{module_name}.{value.__qualname__}", value))
        elif isinstance(value, type) and value.__module__ == module_name and value.__dict__ is not namespace:
            out += _functions_of(value.__dict__, module_name)
    return out


def holders_of(names: list[str] | tuple[str, ...]) -> tuple[tuple[str, Any], ...]:
    """(label, object) of every module and class a dotted name is looked up in, resolved as
    `resolve` does: the modules along the importable prefix (each holds the next part), then each
    class met on the attribute path with the classes of its MRO but `object` (a base holds what a
    subclass inherits; a new key on the subclass shadows it)."""
    found: dict[int, tuple[str, Any]] = {}
    for dotted in names:
        parts = dotted.split(".")
        for cut in range(len(parts), 0, -1):
            try:
                importlib.import_module(".".join(parts[:cut]))
            except Exception:
                continue
            break
        else:
            continue
        obj: Any = None
        for i in range(len(parts) - 1):
            try:
                obj = importlib.import_module(".".join(parts[:i + 1])) if i < cut else getattr(obj, parts[i])
            except Exception:
                break
            if isinstance(obj, ModuleType):
                found.setdefault(id(obj), (obj.__name__, obj))
            elif isinstance(obj, type):
                for cls in obj.__mro__[:-1]:
                    found.setdefault(id(cls), (f"{cls.__module__}.{cls.__qualname__}", cls))
    return tuple(found.values())


# CPython's dict watcher callback: (event, dict, key, new value), pointers only (key and value are
# NULL for some events; converting them would be ctypes calls, which chapter 2 refuses once armed).
_DICT_WATCH_CALLBACK = ctypes.CFUNCTYPE(ctypes.c_int, ctypes.c_int, ctypes.c_void_p, ctypes.c_void_p,
                                        ctypes.c_void_p)
_DICT_ADDED = 0  # PyDict_EVENT_ADDED; MODIFIED, DELETED, CLONED, CLEARED follow, DEALLOCATED is 5
_DICT_DEALLOCATED = 5


def _watch_holders(tw: _Tripwire, holders: tuple[tuple[str, Any], ...], add: Callable[[str], None]) -> None:
    """Watch the namespace dict of every holder (a class's through its mappingproxy, before arming,
    while gc.get_referents is still allowed); the watcher is cleared at exit, before the dicts go."""
    if not holders:
        return
    watched: dict[int, tuple[str, bool]] = {}  # address of the dict -> (label, a new key is allowed)
    dicts = []
    for label, obj in holders:
        if isinstance(obj, ModuleType):
            ns, new_key_ok = vars(obj), True
        else:
            inner = [d for d in gc.get_referents(obj.__dict__) if type(d) is dict]
            if len(inner) != 1:
                continue
            ns, new_key_ok = inner[0], False
        watched[id(ns)] = (label, new_key_ok)
        dicts.append(ns)
    api = ctypes.pythonapi
    api.PyDict_AddWatcher.argtypes, api.PyDict_AddWatcher.restype = [_DICT_WATCH_CALLBACK], ctypes.c_int
    api.PyDict_Watch.argtypes, api.PyDict_Watch.restype = [ctypes.c_int, ctypes.py_object], ctypes.c_int
    api.PyDict_ClearWatcher.argtypes, api.PyDict_ClearWatcher.restype = [ctypes.c_int], ctypes.c_int
    callback = _DICT_WATCH_CALLBACK(_make_on_dict_event(tw, watched, add))
    watcher = api.PyDict_AddWatcher(callback)
    if watcher < 0:
        raise RuntimeError("no dict watcher available")
    for ns in dicts:
        api.PyDict_Watch(watcher, ns)
    tw.st["keep"] += [callback, dicts]
    atexit.register(api.PyDict_ClearWatcher, watcher)  # the child ends with os._exit; tests do not


def _make_on_dict_event(tw: _Tripwire, watched: dict[int, tuple[str, bool]],
                        add: Callable[[str], None]) -> Callable[[int, Any, Any, Any], int]:
    """A watched namespace changes: while a probe runs, anything but a new module key is reported."""
    st, get, _Exception = tw.st, watched.get, Exception
    added, deallocated = _DICT_ADDED, _DICT_DEALLOCATED

    def on_dict_event(event: int, address: Any, key: Any, new: Any) -> int:
        try:
            if event == deallocated or not st["armed"] or st["phase"] not in ("probe", "closing"):
                return 0
            entry = get(address)
            if entry is not None and not (event == added and entry[1]):
                add(f"{entry[0]} changed while the probe ran")
        except _Exception:
            pass
        return 0

    return on_dict_event


def install_tripwire(spec: TripwireSpec) -> None:
    """Install the audit hook (once per process, before any student code runs; see the module doc)."""
    stream_ident = _stream_identity(spec.stream_fd)
    if len(spec.probes) != len(spec.exercises):
        raise ValueError("one probe module per exercise")
    tw = _Tripwire.start(spec, stream_ident)
    add = _make_add(tw)
    walk = _make_walk(tw)
    integrity = _make_integrity(tw, add)
    environment = _make_environment(tw, add)
    from_grader = _make_from_grader(walk, add)
    grader_events = {
        "jaxgrade.sent": _make_on_sent(tw, walk, integrity, environment, add),
        "jaxgrade.flag": _make_on_flag(add),
        "jaxgrade.arm": _make_on_arm(tw, from_grader),
        "jaxgrade.phase": _make_on_phase(tw, from_grader, environment, _make_clear_callbacks(add),
                                         integrity, add),
        "jaxgrade.read": _make_on_read(tw, from_grader, environment, integrity, add),
    }
    sys.addaudithook(_make_hook(tw, grader_events, _make_on_student_event(tw, add), add))
    _watch_holders(tw, spec.holders, add)


# The hook and its parts are closures built by the `_make_*` functions below, at install, before any
# student code runs. Everything a closure touches when an event comes is bound in its maker (builtins
# included): it never looks up a global or a builtin, so what a notebook rebinds in this module or in
# `builtins` does not reach it (tests/test_sandbox.py checks their code for global loads).

# (label, items() of the live mapping, the (key, value) pairs it must still hold, in order)
_Watched = tuple[str, Callable[[], Any], tuple[tuple[Any, Any], ...]]


@dataclass(frozen=True)
class _Tripwire:
    """What the hook's closures share: what it trusts and watches (fixed at install) and the
    containers of what it has seen (mutated by the hook only)."""

    exercises: tuple[str, ...]
    root: CodeType
    sender: CodeType
    stream_fd: int | None
    stream_ident: tuple[int, int] | None  # (st_dev, st_ino) of the stream at install
    refuse_ctypes: bool
    codes: dict[int, CodeType]  # id -> code object of every trusted function (nested code included)
    protected: dict[int, str]  # id(function) -> label: its code/defaults may not be reassigned
    protected_classes: frozenset[int]  # ids of the classes whose instances keep their class
    common_globals: frozenset[int]  # ids of the globals of `spec.modules`
    probe_globals: tuple[frozenset[int], ...]  # per exercise: the common ones and its probe's
    watched: tuple[tuple[_Watched, ...], ...]  # per exercise: what must not change while it runs
    st: dict[str, Any]  # armed, phase, index, frames, digest; the baseline taken by arm()
    base_tools: list[Any]  # sys.monitoring tool of each id when armed
    labels: dict[str, list[str]]  # exercise -> what was noticed during it
    carry: list[str]  # noticed between two exercises: goes to the next one

    @classmethod
    def start(cls, spec: TripwireSpec, stream_ident: tuple[int, int] | None) -> _Tripwire:
        exercises = tuple(spec.exercises)
        codes: dict[int, CodeType] = {}
        protected: dict[int, str] = {}
        keep: list[Any] = []  # keeps every object whose id is used alive
        for namespace, module_name in (*((vars(m), _real_name(m)) for m in (*spec.modules, *spec.probes)),
                                       *((c.__dict__, c.__module__) for c in spec.classes)):
            for label, fn in _functions_of(namespace, module_name):
                _code_tree(fn.__code__, codes)
                protected[id(fn)] = label
                keep.append(fn)
        _code_tree(spec.root, codes)
        _code_tree(spec.sender, codes)
        common_globals = frozenset(id(vars(m)) for m in spec.modules)
        keep += [*spec.modules, *spec.probes, *spec.classes]
        st: dict[str, Any] = {"armed": False, "phase": "setup", "index": -1, "frames": 0, "keep": keep,
                              "digest": hashlib.sha256(), "trace": None, "profile": None, "threads": 0}
        return cls(
            exercises=exercises, root=spec.root, sender=spec.sender, stream_fd=spec.stream_fd,
            stream_ident=stream_ident, refuse_ctypes=bool(spec.refuse_ctypes), codes=codes,
            protected=protected, protected_classes=frozenset(id(c) for c in spec.classes),
            common_globals=common_globals,
            probe_globals=tuple(frozenset({*common_globals, id(vars(m))}) for m in spec.probes),
            watched=_watched_namespaces(spec), st=st, base_tools=[None] * 6,
            labels={ex: [] for ex in exercises}, carry=[])


def _stream_identity(fd: int | None) -> tuple[int, int] | None:
    if fd is None:
        return None
    st0 = os.fstat(fd)
    return (st0.st_dev, st0.st_ino)


def _watched_namespaces(spec: TripwireSpec) -> tuple[tuple[_Watched, ...], ...]:
    """Per exercise, what it relies on: the writer's modules, classes and namespaces, and its own
    probe module."""
    common = [(_real_name(m), vars(m).items, tuple(vars(m).items())) for m in spec.modules]
    common += [(f"{c.__module__}.{c.__qualname__}", c.__dict__.items, tuple(c.__dict__.items()))
               for c in spec.classes]
    common += [(label, ns.items, tuple(ns.items())) for label, ns in spec.namespaces]
    return tuple((*common, (_real_name(m), vars(m).items, tuple(vars(m).items()))) for m in spec.probes)


def _make_add(tw: _Tripwire) -> Callable[[str], None]:
    """Record a label for the exercise running (or the next one, between two exercises)."""
    st, labels, carry, exercises, append = tw.st, tw.labels, tw.carry, tw.exercises, list.append

    def add(label: str) -> None:
        index, phase = st["index"], st["phase"]
        target = carry if index < 0 or phase in ("ready", "between") else labels[exercises[index]]
        if label not in target:
            append(target, label)

    return add


def _make_walk(tw: _Tripwire) -> Callable[[Any], str]:
    _type, _id, _str = type, id, str
    st, root, codes = tw.st, tw.root, tw.codes
    common_globals, probe_globals = tw.common_globals, tw.probe_globals

    def walk(frame: Any) -> str:
        """"" when every frame from `frame` down to main() runs trusted code, else a label."""
        n = 0
        index = st["index"]
        trusted_globals = probe_globals[index] if index >= 0 else common_globals
        while frame is not None and n < 512:
            code = frame.f_code
            if code is root:
                return ""
            if _id(code) not in codes or _id(frame.f_globals) not in trusted_globals:
                name, file = code.co_name, code.co_filename
                name = name if _type(name) is _str else "?"
                file = file if _type(file) is _str else "?"
                return f"observation written from untrusted code ({file[-80:]}:{name[:80]})"
            frame = frame.f_back
            n += 1
        return "observation written outside the grader's call chain"

    return walk


def _make_integrity(tw: _Tripwire, add: Callable[[str], None]) -> Callable[[], None]:
    """Report each watched global or attribute of the running exercise that changed since install."""
    _type, _len, _str, _Exception = type, len, str, Exception
    st, watched = tw.st, tw.watched
    warnreg = "__warningregistry__"  # added to a module by the warnings machinery, harmless

    def integrity() -> None:
        index = st["index"]
        if index < 0:
            return
        for label, items, pairs in watched[index]:
            bad = ""
            try:
                i, n = 0, _len(pairs)
                for key, value in items():
                    if _type(key) is _str and key == warnreg:
                        continue
                    if i >= n:
                        bad = key if _type(key) is _str else "?"
                        break
                    if key is not pairs[i][0] or value is not pairs[i][1]:
                        bad = pairs[i][0]
                        break
                    i += 1
                if not bad and i != n:
                    bad = pairs[i][0]
            except _Exception:
                bad = "?"
            if bad:
                add(f"{label}.{bad[:80]}")

    return integrity


def _make_environment(tw: _Tripwire, add: Callable[[str], None]) -> Callable[[], None]:
    """Report hooks, monitoring tools and threads beyond the armed baseline, and a replaced or
    closed observation stream."""
    _range, _OSError = range, OSError
    _gettrace, _getprofile, _get_tool = sys.gettrace, sys.getprofile, sys.monitoring.get_tool
    _thread_count, _fstat = _thread._count, os.fstat
    st, base_tools, fd, fd_ident = tw.st, tw.base_tools, tw.stream_fd, tw.stream_ident

    def environment() -> None:
        if _gettrace() is not st["trace"]:
            add("sys.settrace")
        if _getprofile() is not st["profile"]:
            add("sys.setprofile")
        for i in _range(6):
            if _get_tool(i) is not base_tools[i]:
                add("sys.monitoring")
                break
        if _thread_count() > st["threads"]:
            add("threading")
        if fd is not None:
            try:
                s = _fstat(fd)
                if (s.st_dev, s.st_ino) != fd_ident:
                    add("observation stream replaced")
            except _OSError:
                add("observation stream closed")

    return environment


def _make_clear_callbacks(add: Callable[[str], None]) -> Callable[[], None]:
    """Unregister every sys.monitoring callback; report when there was one."""
    _range, _Exception, _register_callback = range, Exception, sys.monitoring.register_callback
    monitoring_events = tuple(v for k, v in vars(sys.monitoring.events).items()
                              if not k.startswith("_") and type(v) is int and v)

    def clear_callbacks() -> None:
        found = False
        for tool in _range(6):
            for event in monitoring_events:
                try:
                    if _register_callback(tool, event, None) is not None:
                        found = True
                except _Exception:
                    pass
        if found:
            add("sys.monitoring")

    return clear_callbacks


def _make_from_grader(walk: Callable[[Any], str], add: Callable[[str], None]) -> Callable[[], bool]:
    """True when the caller of sys.audit is trusted code below main(); else reports it."""
    _getframe = sys._getframe

    def from_grader() -> bool:
        if walk(_getframe(3)) == "":  # 0 this, 1 the event's handler, 2 hook, 3 the caller of sys.audit
            return True
        add("grader event raised by student code")
        return False

    return from_grader


# Handlers of the grader's own events (tamper.arm/phase/flag/report, observe.StreamSink._send): called
# straight from the hook, they return True to refuse the event.


def _make_on_sent(tw: _Tripwire, walk: Callable[[Any], str], integrity: Callable[[], None],
                  environment: Callable[[], None], add: Callable[[str], None]) -> Callable[[Any], bool]:
    """An observation frame: written by the writer for trusted code, in an exercise; hashed."""
    _len, _bytes, _type, _getframe = len, bytes, type, sys._getframe
    st, sender = tw.st, tw.sender

    def on_sent(args: tuple[Any, ...]) -> bool:
        frame = _getframe(2)  # 0 this, 1 hook, 2 the caller of sys.audit
        if frame.f_code is not sender:
            add("observation stream written past the recorder")
        else:
            where = walk(frame.f_back)
            if where:
                add(where)
        integrity()
        environment()
        data = args[0] if _len(args) == 1 else None
        if st["phase"] not in ("cells", "probe", "closing"):
            add("observation written outside a probe")
        elif _type(data) is _bytes:
            st["digest"].update(data)
            st["frames"] += 1
        return False

    return on_sent


def _make_on_flag(add: Callable[[str], None]) -> Callable[[Any], bool]:
    _len, _type, _str = len, type, str

    def on_flag(args: tuple[Any, ...]) -> bool:
        if _len(args) == 1 and _type(args[0]) is _str:
            add(args[0][:200])
        return False

    return on_flag


def _make_on_arm(tw: _Tripwire, from_grader: Callable[[], bool]) -> Callable[[Any], bool]:
    """Arm once: from now on student code runs; take the baseline of hooks, tools and threads."""
    _range, _gettrace, _getprofile = range, sys.gettrace, sys.getprofile
    _get_tool, _thread_count = sys.monitoring.get_tool, _thread._count
    st, base_tools = tw.st, tw.base_tools

    def on_arm(args: tuple[Any, ...]) -> bool:
        if from_grader() and not st["armed"]:
            st["armed"], st["phase"] = True, "ready"
            st["trace"], st["profile"], st["threads"] = _gettrace(), _getprofile(), _thread_count()
            for i in _range(6):
                base_tools[i] = _get_tool(i)
        return False

    return on_arm


def _make_on_phase(tw: _Tripwire, from_grader: Callable[[], bool], environment: Callable[[], None],
                   clear_callbacks: Callable[[], None], integrity: Callable[[], None],
                   add: Callable[[str], None]) -> Callable[[Any], bool]:
    """The next exercise's "cells", then its "probe" (checked first), then "closing"; else reported."""
    _len, _sha256, append = len, hashlib.sha256, list.append
    st, exercises, labels, carry = tw.st, tw.exercises, tw.labels, tw.carry

    def on_phase(args: tuple[Any, ...]) -> bool:
        if not from_grader():
            return False
        ex, name = args if _len(args) == 2 else ("", "")
        index, phase = st["index"], st["phase"]
        if name == "cells" and phase in ("ready", "between") and index + 1 < _len(exercises) \
                and ex is exercises[index + 1]:
            st["index"], st["phase"], st["frames"], st["digest"] = index + 1, "cells", 0, _sha256()
            for label in carry:
                append(labels[ex], label)
            carry.clear()
        elif name == "probe" and phase == "cells" and index >= 0 and ex is exercises[index]:
            environment()
            clear_callbacks()
            integrity()
            st["phase"] = "probe"
        elif name == "closing" and phase == "probe" and index >= 0 and ex is exercises[index]:
            st["phase"] = "closing"
        else:
            add("grader events out of order")
        return False

    return on_phase


def _make_on_read(tw: _Tripwire, from_grader: Callable[[], bool], environment: Callable[[], None],
                  integrity: Callable[[], None], add: Callable[[str], None]) -> Callable[[Any], bool]:
    """The closing exercise's report (labels, frame count, digest) appended to the caller's list."""
    _len, _type, _list, _tuple, append, sort = len, type, list, tuple, list.append, list.sort
    st, exercises, labels = tw.st, tw.exercises, tw.labels

    def on_read(args: tuple[Any, ...]) -> bool:
        if not from_grader() or _len(args) != 2 or _type(args[1]) is not _list:
            return False
        ex, out = args
        index = st["index"]
        if st["phase"] != "closing" or index < 0 or ex is not exercises[index]:
            add("grader events out of order")
            return False
        environment()
        integrity()
        found = _list(labels[ex])
        sort(found)
        append(out, _tuple(found))
        append(out, st["frames"])
        append(out, st["digest"].hexdigest())
        st["phase"] = "between"
        return False

    return on_read


def _make_on_student_event(tw: _Tripwire, add: Callable[[str], None]) -> Callable[[str, Any], bool]:
    """While armed: refuse heap walks, audit hooks, ctypes (`refuse_ctypes`) and changes to trusted
    functions and writer objects; report hooks and thread starts during a probe."""
    _len, _id, _type = len, id, type
    st, refuse_ctypes = tw.st, tw.refuse_ctypes
    protected, protected_classes = tw.protected, tw.protected_classes

    def on_student_event(event: str, args: tuple[Any, ...]) -> bool:
        if event in ("sys.addaudithook", "gc.get_objects", "gc.get_referrers", "gc.get_referents"):
            add(event)
            return True
        if refuse_ctypes and event[:7] == "ctypes.":  # loading, calling, reading or writing memory
            add("ctypes")
            return True
        if event in ("object.__setattr__", "object.__delattr__"):
            target = args[0] if _len(args) >= 1 else None
            if _id(target) in protected:
                add(protected[_id(target)])
                return True
            if _id(_type(target)) in protected_classes:
                add("observation writer object changed")
                return True
            return False
        if st["phase"] in ("probe", "closing"):
            if event in ("_thread.start_new_thread", "_thread.start_joinable_thread"):
                add("threading")
            else:  # sys.settrace, sys.setprofile, sys.monitoring.register_callback
                add(event)
        return False

    return on_student_event


def _make_hook(tw: _Tripwire, grader_events: dict[str, Callable[[Any], bool]],
               on_student_event: Callable[[str, Any], bool],
               add: Callable[[str], None]) -> Callable[[str, Any], None]:
    """The audit hook: one event at a time per thread (its own audited calls re-enter it), dispatched
    to its handler; a refused event raises RuntimeError in the code that raised it."""
    _get_ident, _BaseException, _RuntimeError = _thread.get_ident, BaseException, RuntimeError
    st, refuse_ctypes, handler_of = tw.st, tw.refuse_ctypes, grader_events.get
    busy: set[int] = set()  # threads inside the hook
    watch = frozenset({
        "jaxgrade.sent", "jaxgrade.flag", "jaxgrade.arm", "jaxgrade.phase", "jaxgrade.read",
        "sys.addaudithook", "gc.get_objects", "gc.get_referrers", "gc.get_referents",
        "object.__setattr__", "object.__delattr__", "sys.settrace", "sys.setprofile",
        "sys.monitoring.register_callback", "_thread.start_new_thread", "_thread.start_joinable_thread",
    })

    def hook(event: str, args: tuple[Any, ...]) -> None:
        if event not in watch and not (refuse_ctypes and event[:7] == "ctypes."):
            return
        tid = _get_ident()
        if tid in busy:
            return
        busy.add(tid)
        refuse = False
        try:
            handler = handler_of(event)
            if handler is not None:
                refuse = handler(args)
            elif st["armed"]:
                refuse = on_student_event(event, args)
        except _BaseException:
            add("tripwire error")
        finally:
            busy.discard(tid)
        if refuse:
            raise _RuntimeError(f"{event} is not available while the grader runs student code")

    return hook


def arm() -> None:
    """From now on student code runs: refuse heap walks and audit hooks, record the baseline."""
    _audit("jaxgrade.arm")


def phase(exercise: str, name: str) -> None:
    """`exercise` enters "cells", then "probe", then "closing" (before its last records and `report`)."""
    _audit("jaxgrade.phase", exercise, name)


def flag(label: str) -> None:
    """Add a label to the current exercise's report (the child's own Snapshot checks)."""
    _audit("jaxgrade.flag", label)


def report(exercise: str) -> TripwireReport | None:
    """The tripwire's verdict on `exercise` (in phase "closing"); None when no tripwire answered."""
    out: list[Any] = []
    _audit("jaxgrade.read", exercise, out)
    if len(out) != 3:
        return None
    return TripwireReport(*out)
