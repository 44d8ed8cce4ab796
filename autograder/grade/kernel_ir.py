"""The kernel's build as a behavioural fingerprint: the opcode sequence of the student's own code in
the optimised LLVM IR of the exported FFI handlers (trusted parent side, reading untrusted text).

The sandboxed compiler writes the IR (`clang++ <course flags> -S -emit-llvm`, the course's -O2, in
the same sandbox and limits as the build: grade/build.py). The IR is the student's source after the
compiler has inlined helpers, dropped unreachable functions and dead computations and forgotten
every name, so renaming, reordered definitions, a helper split off or inlined and dead code all give
the same sequence (tests/test_kernel_ir.py, real clang++). The text is untrusted (a student's source
decides what it holds): it is read within MAX_IR_BYTES, parsed line by line with caps, and the result
is validated by the same rules as the child's jaxpr sequences (grade/run/behaviour_read.py).

`ir_fingerprint(text)`:
  * the roots are the handlers the module exports: defined functions with external linkage, an
    unmangled (extern "C") name and an XLA_FFI_CallFrame parameter, which
    XLA_FFI_DEFINE_HANDLER_SYMBOL makes; in name order (the course fixes the names the grader loads);
  * from each root, the functions it references are walked depth first in the order they are
    referenced (through the FFI library's own template code too: a lambda handler is reached from
    there); a function is the student's when its linkage is not `linkonce_odr`/`weak_odr` (those
    are the headers' inline code) and its name is not in the `xla::`/`std::` namespaces;
  * each student function reached gives one sequence: its instructions' opcodes in order, a
    comparison with its predicate, a call with the callee's name when the callee is a declaration
    (`expf`, `llvm.fmuladd.f32`: the maths used, not a student's name), `call` alone otherwise;
    pointer casts and the lifetime/debug intrinsics (layout, not computation) are left out.
"""

from __future__ import annotations

import heapq
import re
from dataclasses import dataclass
from typing import Any

from autograder.sandboxed.behaviour import MAX_JAXPRS, MAX_NAME_CHARS, MAX_PRIMITIVES

MAX_IR_BYTES = 16 * 2**20  # the reference kernel's IR is 0.6 MB (the FFI headers' templates)
MAX_FUNCTIONS = 5_000  # definitions parsed; beyond them the module is not fingerprinted
IR_SEQUENCE_KEY = "kernel IR"  # what the report calls this channel (similarity/behaviour.py)

_DEFINE = re.compile(r'^define\s+(?P<head>[^@]*)@(?P<name>"[^"]*"|[-\w$.]+)\(')
_DECLARE = re.compile(r'^declare\s+[^@]*@(?P<name>"[^"]*"|[-\w$.]+)\(')
_REF = re.compile(r'@("[^"]*"|[-\w$.]+)')
_ASSIGN = re.compile(r"^\s+(?:(?P<name>%[-\w$.]+)\s*=\s*)?(?P<rest>.*)$")
_LOCAL = re.compile(r"%[-\w$.]+")
_LIBRARY_LINKAGE = ("linkonce_odr", "weak_odr", "linkonce", "weak", "available_externally")
_NOT_EXTERNAL = ("internal", "private", *_LIBRARY_LINKAGE)
_LIBRARY_PREFIXES = ("_ZN3xla", "_ZNK3xla", "_ZNSt", "_ZNKSt", "_ZSt", "_ZN9__gnu_cxx", "_ZNK9__gnu_cxx",
                     "__cxx_", "_GLOBAL__")  # fmt: skip
_SKIP_OPS = frozenset({"bitcast", "addrspacecast", "ptrtoint", "inttoptr", "getelementptr", "phi"})
_SKIP_CALLEES = ("llvm.lifetime.", "llvm.dbg.", "llvm.assume", "llvm.experimental.noalias")
# maths a compiler may move freely (no memory, no side effect that -O2 keeps in order)
_PURE_MATHS = frozenset({f"{name}{suffix}" for suffix in ("", "f") for name in (
    "exp", "exp2", "expm1", "log", "log2", "log10", "log1p", "sqrt", "cbrt", "pow", "fabs", "tanh",
    "sinh", "cosh", "sin", "cos", "tan", "erf", "erfc", "fmax", "fmin", "floor", "ceil", "round")})
_MEMORY_INTRINSICS = frozenset({"llvm.memset", "llvm.memcpy", "llvm.memmove", "llvm.prefetch"})
_ORDERED_OPS = frozenset({"load", "store", "fence", "atomicrmw", "cmpxchg", "va_arg", "landingpad",
                          "resume", "br", "ret", "switch", "unreachable", "indirectbr", "callbr"})
# a multiply-add the front end fused reads as the two operations: `a * b + c` written in one
# expression is contracted (-ffp-contract=on), the same sum split over a helper is not
_FUSED = {"call llvm.fmuladd": ("fmul", "fadd"), "call llvm.fma": ("fmul", "fadd")}
_CALLS = frozenset({"call", "invoke", "callbr"})
_CMP = frozenset({"icmp", "fcmp"})
_WRAPPERS = frozenset({"tail", "musttail", "notail"})
_FLAGS = frozenset({"fast", "nnan", "ninf", "nsz", "arcp", "contract", "afn", "reassoc", "nuw", "nsw",
                    "exact", "inbounds", "volatile", "atomic"})  # fmt: skip


def _functions(text: str) -> tuple[dict[str, tuple[str, list[str]]], set[str]] | None:
    """name -> (linkage words, body lines) of every definition, and the declared names; None when
    the module has more than MAX_FUNCTIONS definitions."""
    defined: dict[str, tuple[str, list[str]]] = {}
    declared: set[str] = set()
    body: list[str] | None = None
    for line in text.splitlines():
        if body is not None:
            if line.startswith("}"):
                body = None
            else:
                body.append(line)
            continue
        if m := _DEFINE.match(line):
            if len(defined) >= MAX_FUNCTIONS:
                return None
            body = []
            # the head keeps the parameters' types too: a handler's names XLA_FFI_CallFrame
            defined[m["name"].strip('"')] = (m["head"] + line[m.end() : m.end() + 200], body)
        elif m := _DECLARE.match(line):
            declared.add(m["name"].strip('"'))
    return defined, declared


def _is_root(name: str, head: str) -> bool:
    words = head.split()
    return not name.startswith("_Z") and not name.startswith("_GLOBAL__") and \
        not any(w in _NOT_EXTERNAL for w in words)


def _is_students(name: str, head: str) -> bool:
    return not any(w in _LIBRARY_LINKAGE for w in head.split()) and not name.startswith(_LIBRARY_PREFIXES)


@dataclass(frozen=True)
class _Instruction:
    token: str  # what the sequence holds ("" for an instruction left out: a cast, a phi)
    defines: str  # its %name, "" when it has none
    uses: frozenset[str]  # the %names it reads
    ordered: bool  # touches memory or control: its order among such instructions is kept


def _instruction(line: str, declared: set[str]) -> _Instruction | None:
    m = _ASSIGN.match(line)
    if m is None:
        return None
    words = m["rest"].split()
    while words and words[0] in _WRAPPERS:
        words = words[1:]
    if not words or not words[0].isidentifier():
        return None  # a continuation line of a multi-line instruction (`to label %x unwind ...`)
    op = words[0]
    defines = m["name"] or ""
    uses = frozenset(_LOCAL.findall(m["rest"])) - {defines}
    if op in _CALLS:
        ref = _REF.search(m["rest"])
        callee = ref.group(1).strip('"') if ref else ""
        if callee.startswith(_SKIP_CALLEES):
            return _Instruction("", defines, uses, False)
        if callee not in declared:
            return _Instruction(op, defines, uses, True)
        short = ".".join(callee.split(".")[:2]) if callee.startswith("llvm.") else callee  # no `.f32`
        pure = short in _PURE_MATHS or (short.startswith("llvm.") and short not in _MEMORY_INTRINSICS)
        return _Instruction(f"{op} {short}"[:MAX_NAME_CHARS], defines, uses, not pure)
    if op in _SKIP_OPS:
        return _Instruction("", defines, uses, False)
    if op in _CMP:
        pred = next((w for w in words[1:] if w not in _FLAGS), "")
        return _Instruction(f"{op} {pred}", defines, uses, False)
    return _Instruction(op, defines, uses, op in _ORDERED_OPS)


def _canonical_block(block: list[_Instruction]) -> list[str]:
    """The block's tokens in one order whatever the source order of independent statements: a
    topological order of its data dependencies (and of its memory and control instructions among
    themselves), the smallest token first among those ready."""
    deps: list[set[int]] = []
    by_name: dict[str, int] = {}
    last_ordered = -1
    for i, ins in enumerate(block):
        d = {by_name[u] for u in ins.uses if u in by_name}
        if ins.ordered:
            if last_ordered >= 0:
                d.add(last_ordered)
            last_ordered = i
        deps.append(d)
        if ins.defines:
            by_name[ins.defines] = i
    users: list[list[int]] = [[] for _ in block]
    waiting = [len(d) for d in deps]
    for i, d in enumerate(deps):
        for j in d:
            users[j].append(i)
    ready = [(block[i].token, i) for i in range(len(block)) if waiting[i] == 0]
    heapq.heapify(ready)
    out = []
    while ready:
        token, i = heapq.heappop(ready)
        out.extend(_FUSED.get(token, (token,) if token else ()))
        for u in users[i]:
            waiting[u] -= 1
            if waiting[u] == 0:
                heapq.heappush(ready, (block[u].token, u))
    return out


def _opcodes(lines: list[str], declared: set[str]) -> list[str]:
    out: list[str] = []
    block: list[_Instruction] = []
    for line in lines:
        if line and not line.startswith(" "):  # a block label: the block before it ends
            out.extend(_canonical_block(block))
            block = []
            continue
        if not line.strip() or line.lstrip().startswith(";"):
            continue
        ins = _instruction(line, declared)
        if ins is not None:
            block.append(ins)
    out.extend(_canonical_block(block))
    return out


def ir_fingerprint(text: str) -> tuple[tuple[str, ...], ...]:
    """The opcode sequences of the student's own functions reached from the exported handlers (see
    the module docstring); () when the module has no handler or is over the caps."""
    parsed = _functions(text[:MAX_IR_BYTES])
    if parsed is None:
        return ()
    defined, declared = parsed
    exported = sorted(n for n, (head, _) in defined.items() if _is_root(n, head))
    # a handler takes the call frame; another extern "C" function (dead code the student exported)
    # is no root. IR with opaque pointers (`ptr`) does not name the type: then every one is a root.
    roots = [n for n in exported if "XLA_FFI_CallFrame" in defined[n][0]] or exported
    seen: set[str] = set()
    sequences: list[tuple[str, ...]] = []

    def walk(name: str) -> None:
        stack = [name]
        while stack and len(sequences) < MAX_JAXPRS:
            fn = stack.pop()
            if fn in seen or fn not in defined:
                continue
            seen.add(fn)
            head, lines = defined[fn]
            if fn not in roots and _is_students(fn, head):
                ops = _opcodes(lines, declared)
                if ops:
                    sequences.append(tuple(ops[:MAX_PRIMITIVES]))
            refs = [r.strip('"') for line in lines for r in _REF.findall(line)]
            stack.extend(reversed([r for r in dict.fromkeys(refs) if r in defined and r not in seen]))

    for root in roots:
        walk(root)
    return tuple(sequences)


def valid_sequences(raw: Any) -> tuple[tuple[str, ...], ...] | None:
    """Sequences of names as the similarity channel takes them (a child's jaxprs, a kernel's IR, a
    cached file): a list of at most MAX_JAXPRS lists of at most MAX_PRIMITIVES short printable
    names; None for anything else (untrusted: dropped whole, never repaired)."""
    if not isinstance(raw, list) or len(raw) > MAX_JAXPRS:
        return None
    out = []
    for seq in raw:
        if not isinstance(seq, list) or len(seq) > MAX_PRIMITIVES:
            return None
        if not all(isinstance(n, str) and 0 < len(n) <= MAX_NAME_CHARS and n.isprintable() for n in seq):
            return None
        out.append(tuple(seq))
    return tuple(out)
