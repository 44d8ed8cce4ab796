"""Normalised token streams of student answers, from tree-sitter's syntax trees (trusted side, reads
hostile text; nothing here runs it).

What a TA would call "the same code with the names changed" must give the same stream:
  * every identifier becomes `N` (names are the first thing a copier changes), except an attribute
    or member name after `.`/`->`, which is kept with `ATTR_PREFIX` when `keep_attributes` is set:
    `jnp.where` and `x.typed_data()` name the library, and a copier renaming `where` breaks the code;
  * every literal (number, string, f-string, char, boolean, None) becomes `L`;
  * comments, docstrings and other bare string statements are dropped, and whitespace never was a token;
  * Python statements that change nothing an answer computes are dropped: `print(...)` calls and
    `if False:`/`while 0:` blocks without an else (the cheapest padding a copier adds);
  * Python loops rewritten in another style are folded back (`loops.py`): an index loop over a
    sequence is the `for x in xs` it came from, a counting `while` the `for i in range(n)`;
  * Python's round brackets are dropped (grouping that formatters and people add or remove freely),
    and so are a formatter's trailing commas and the braces around a one-statement C++ body;
  * a decorated Python definition reads as the definition and the calls applying its decorators;
  * top-level definitions (and those inside a C++ namespace or `extern "C"` block) are sorted by
    their normalised text, so their order does not count.
Each token keeps the byte span of the source it came from, so matches can be highlighted there.
A parse error does not stop anything: tree-sitter recovers, and an ERROR node's leaves are tokens too.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from functools import cache
from typing import Any

from autograder.similarity import branches, constants, cpp_canon, normalise
from autograder.similarity.deep_trees import MAX_TREE_DEPTH, deeper_than, flat_tokens, preorder, repeatable
from autograder.similarity.loops import CanonicalFor, canonical_for, folded_away
from autograder.similarity.slicing import dead_statements
from autograder.similarity.spans import Token

LANGUAGES = ("python", "cpp")
ATTR_PREFIX = "."

_PY_LITERALS = frozenset(
    {"string", "concatenated_string", "integer", "float", "true", "false", "none", "ellipsis"}
)
_CPP_LITERALS = frozenset(
    {
        "string_literal",
        "raw_string_literal",
        "char_literal",
        "number_literal",
        "concatenated_string",
        "true",
        "false",
        "null",
        "nullptr",
        "user_defined_literal",
    }
)
_PY_NAMES = frozenset({"identifier"})
_CPP_NAMES = frozenset(
    {"identifier", "field_identifier", "type_identifier", "namespace_identifier", "statement_identifier"}
)
_COMMENTS = frozenset({"comment"})
# Python brackets that only group: `ast.unparse`, black and people add or drop them freely; calls,
# subscripts and literals still show in the other tokens.
_PY_GROUPING = frozenset({"(", ")"})
# C++ containers whose children are top-level definitions too (their order does not count either).
_CPP_SCOPES = frozenset({"namespace_definition", "linkage_specification"})
# A comma just before one of these is a formatter's "magic trailing comma" (black, ruff format and
# clang-format add one when they explode a call, a signature or a literal one element per line): the
# same code with or without it must give the same stream (round 7: a formatted copy lost 0.57).
_CLOSING = frozenset({")", "]", "}"})
# C++ statements whose body may be one statement with or without braces (clang-format's
# InsertBraces/RemoveBracesLLVM and people add or drop them freely).
_CPP_BRACED_BODIES = frozenset(
    {"for_statement", "for_range_loop", "while_statement", "do_statement", "if_statement", "else_clause"}
)


def _tree_facts(root: Any) -> tuple[frozenset[int], dict[int, Any]]:
    """Where the commas before a closing bracket that change nothing start (not the one that makes
    `(x,)` a tuple: the answer computes something else without it; nor `a[i,]`, an index with a
    tuple), and each node's parent by the node's id. One walk over the tree with a cursor: tree-sitter
    finds a node's parent or sibling by scanning the children of each ancestor, so asking each leaf
    is quadratic in a wide tree: a hostile answer of 30,000 `[1,` (tree-sitter's error recovery puts
    them all under the root) took 35 s, `f(` 15 s."""
    commas: list[int] = []
    parents: dict[int, Any] = {}
    for node, _ in preorder(root):
        if not node.child_count:
            continue
        kids = node.children
        parents.update((c.id, node) for c in kids)
        single = node.type in ("tuple", "tuple_pattern") and sum(
            c.type not in _COMMENTS for c in node.named_children) <= 1  # fmt: skip
        if node.type != "subscript" and not single:
            # What follows a comma in the text: a node tree-sitter inserted to recover from an error
            # (`is_missing`, zero width, as the `}` of `{,`) is not in it.
            present = [c for c in kids if not c.is_missing]
            commas += [c.start_byte for c, after in zip(present, present[1:], strict=False)
                       if c.type == "," and after.type in _CLOSING]  # fmt: skip
    return frozenset(commas), parents


def _lone_statement(node: Any) -> Any | None:
    """The one statement of a C++ control statement's braced body (`for (..) { s; }` reads as
    `for (..) s;`), else None."""
    if node.type != "compound_statement" or node.parent is None or node.parent.type not in _CPP_BRACED_BODIES:
        return None
    inner = [c for c in node.named_children if c.type not in _COMMENTS]
    if len(inner) != 1 or inner[0].type == "declaration":
        return None
    return inner[0]


@cache
def _parser(language: str) -> Any:
    from tree_sitter import Language, Parser

    if language == "python":
        import tree_sitter_python as grammar
    elif language == "cpp":
        import tree_sitter_cpp as grammar
    else:
        raise ValueError(f"unknown language {language!r}")
    return Parser(Language(grammar.language()))


def _is_bare_string(node: Any) -> bool:
    """A Python statement that is only a string: a docstring or a comment written as one."""
    return (
        node.type == "expression_statement"
        and node.named_child_count == 1
        and node.named_children[0].type in ("string", "concatenated_string")
    )


def _is_noise(node: Any) -> bool:
    """A Python statement that changes nothing an answer computes: `print(...)`, `if False:` (no else)."""
    if node.type == "expression_statement" and node.named_child_count == 1:
        call = node.named_children[0]
        fn = call.child_by_field_name("function") if call.type == "call" else None
        return fn is not None and fn.type == "identifier" and fn.text == b"print"
    if node.type in ("if_statement", "while_statement") and node.child_by_field_name("alternative") is None:
        cond = node.child_by_field_name("condition")
        return (
            cond is not None
            and (cond.type in ("false", "none") or (cond.type == "integer" and cond.text == b"0"))
            or _only_pass(node)
        )
    return False


def _only_pass(node: Any) -> bool:
    """`if X: pass` (no else): a branch that does nothing, whatever its condition."""
    body = node.child_by_field_name("consequence") or node.child_by_field_name("body")
    return body is not None and all(c.type in ("pass_statement", "comment") for c in body.named_children)


def _kept_attribute(node: Any, language: str, parent: Any) -> bool:
    if parent is None:
        return False
    if language == "python":
        return parent.type == "attribute" and parent.child_by_field_name("attribute") == node
    return node.type == "field_identifier" and parent.type == "field_expression"


_HINTED = frozenset({"typed_parameter", "typed_default_parameter", "function_definition", "assignment"})


def _unannotated(node: Any) -> list[Any]:
    """A Python node's children without its type hint and the `:` or `->` before it. A hint changes
    nothing the answer computes, and adding or removing hints is how a copier restyles a copy
    (`x: int = 0` reads as `x = 0`, `def f(a: T) -> U:` as `def f(a):`)."""
    children = node.children
    if node.type in _HINTED:
        for i, child in enumerate(children):
            if child.type == "type" and i > 0 and children[i - 1].type in (":", "->"):
                return children[: i - 1] + children[i + 1 :]
    return children


def _dropped(node: Any) -> bool:
    return _is_bare_string(node) or _is_noise(node)


def _folded(loop: CanonicalFor) -> list[Any]:
    """What the stack walks instead of a folded loop: synthetic tokens and the loop's own nodes."""
    at = (loop.keyword.start_byte, loop.keyword.start_byte + 3)
    head: list[Any] = [Token("for", *at), loop.target, Token("in", *at)]
    if loop.counting:
        head.append(Token("N", *at))  # `range`, an identifier like every other name
    return [*head, *loop.iterable, Token(":", *at), *loop.body]


# Commutative operands are ordered by their tokens only this many operators deep (each level
# tokenises its operands once more; a hostile chain of ten thousand `+` stays linear past it).
MAX_ORDERED_DEPTH = 24


_BINARY_KINDS = frozenset({"binary_operator", "binary_expression"})
MAX_CHAIN = 64  # operands of one commutative chain put in order (a hostile chain stays bounded)


def _chain(node: Any, op: str) -> list[Any]:
    """The operands of a chain of one commutative operator through nested operations and brackets
    (`(a + b) + c` and `a + (c + b)` have the operands a, b, c)."""
    out: list[Any] = []
    stack = [node]
    while stack:
        n = stack.pop()
        if len(out) + len(stack) >= MAX_CHAIN or isinstance(n, Token):
            out.append(n)
            continue
        if n.type == "parenthesized_expression" and n.named_child_count == 1:
            inner = n.named_children[0]
            parts = _binary(inner) if inner.type in _BINARY_KINDS else None
            if parts is not None and parts[1].text == op:
                stack.append(inner)
                continue
        parts = _binary(n) if n.type in _BINARY_KINDS else None
        if parts is not None and parts[1].text == op:
            stack.extend((parts[2], parts[0]))
            continue
        out.append(n)
    return out


def _operands(
    items: list[Any], language: str, keep_attributes: bool, facts: normalise.UnitFacts | None, depth: int
) -> list[Any]:
    """`left op right` with the operands in canonical order when `op` is commutative (a whole chain
    of one operator at once, so re-association changes nothing); `a > b` reads as `b < a`."""
    left, op, right = items
    if op.text in normalise.FLIPPED:
        return [right, Token(normalise.FLIPPED[op.text], op.start, op.end), left]
    if depth >= MAX_ORDERED_DEPTH or op.text not in _ORDERED:
        return items
    if op.text in _SIGNED:  # a sum and its differences: `x - 1` and `-1 + x` are one chain
        signed = [*_signed_chain(left, False), *_signed_chain(right, op.text == "-")]
        op = Token("+", op.start, op.end)
    else:
        signed = [(False, o) for o in (*_chain(left, op.text), *_chain(right, op.text))]
    squared = _squared(signed) if op.text == "*" else set()
    streams = [
        ([Token("-", op.start, op.end)] if negative else [])
        + list(_leaves(o, language, keep_attributes, facts, depth + 1))
        + ([Token("**", op.start, op.end), Token("L", op.start, op.end)] if i in squared else [])
        for i, (negative, o) in enumerate(signed)
        if i not in squared or squared[i] >= 0
    ]
    streams = constants.folded(op, [o for _, o in signed], streams)  # `0.5 + 0.5` is `L` (round 11)
    streams.sort(key=lambda ts: [t.text for t in ts])
    out: list[Any] = []
    for i, ts in enumerate(streams):
        if i:
            out.append(op)
        out.extend(ts)
    return out


_SIGNED = frozenset({"+", "-"})
_ORDERED = normalise.COMMUTATIVE | _SIGNED | {"." + f for f in normalise.COMMUTATIVE_FUNCTIONS}


def _squared(operands: list[tuple[bool, Any]]) -> dict[int, int]:
    """Operands of a product that are the same source text twice (`d * d`, `(x - y) * (x - y)`):
    index -> 1 for the first of a pair (it reads as `d ** L`), -1 for the second (dropped)."""
    out: dict[int, int] = {}
    first: dict[bytes, int] = {}
    for i, (negative, o) in enumerate(operands):
        if negative or isinstance(o, Token):
            continue
        text = b" ".join(o.text.split())
        if text in first:
            out[first.pop(text)] = 1
            out[i] = -1
        else:
            first[text] = i
    return out


def _unary_minus(n: Any) -> Any | None:
    """The operand of `-x` (Python's unary operator, C++'s unary expression), else None."""
    if n.type not in ("unary_operator", "unary_expression"):
        return None
    op = n.child_by_field_name("operator")
    return n.child_by_field_name("argument") if op is not None and op.type == "-" else None


def _signed_chain(node: Any, negative: bool) -> list[tuple[bool, Any]]:
    """The signed operands of a chain of `+` and `-` through brackets and unary minus: `a - (b - c)`
    has +a, -b, +c."""
    out: list[tuple[bool, Any]] = []
    stack = [(negative, node)]
    while stack:
        neg, n = stack.pop()
        if len(out) + len(stack) >= MAX_CHAIN or isinstance(n, Token):
            out.append((neg, n))
            continue
        if n.type == "parenthesized_expression" and n.named_child_count == 1:
            stack.append((neg, n.named_children[0]))
            continue
        operand = _unary_minus(n)
        if operand is not None:
            stack.append((not neg, operand))
            continue
        parts = _binary(n) if n.type in _BINARY_KINDS else None
        if parts is not None and parts[1].text in _SIGNED:
            stack.extend(((neg != (parts[1].text == "-"), parts[2]), (neg, parts[0])))
            continue
        out.append((neg, n))
    return out


_NUMBERS = frozenset({"integer", "float", "number_literal"})


def _binary(n: Any) -> list[Any] | None:
    """`left op right` of a binary operation or a simple comparison; a division by a number literal
    reads as a multiplication (by its inverse: every literal is `L`)."""
    if n.type == "comparison_operator":
        if n.child_count != 3:
            return None
        left, op, right = n.children
        return [left, Token(op.type, op.start_byte, op.end_byte), right]
    left, right = n.child_by_field_name("left"), n.child_by_field_name("right")
    op = n.child_by_field_name("operator")
    if left is None or right is None or op is None:
        return None
    kind = "*" if op.type == "/" and right.type in _NUMBERS else op.type
    return [left, Token(kind, op.start_byte, op.end_byte), right]


def _augmented(n: Any) -> list[Any] | None:
    """`x op= e` reads as `x = x op e` (Python's augmented assignment, C++'s compound assignment)."""
    left, right = n.child_by_field_name("left"), n.child_by_field_name("right")
    op = n.child_by_field_name("operator")
    if left is None or right is None or op is None or not op.type.endswith("=") or op.type in ("=", "=="):
        return None
    if not repeatable(left):  # `((a += 1) += 1) += 1` would double per level (deep_trees.py)
        return None
    at = (op.start_byte, op.end_byte)
    return [left, Token("=", *at), left, Token(op.type[:-1], *at), right]


def _leaves(
    node: Any,
    language: str,
    keep_attributes: bool,
    facts: normalise.UnitFacts | None = None,
    depth: int = 0,
) -> Iterator[Token]:
    literals = _PY_LITERALS if language == "python" else _CPP_LITERALS
    names = _PY_NAMES if language == "python" else _CPP_NAMES
    stack: list[Any] = [node]
    while stack:  # iterative: a hostile answer may nest ten thousand brackets deep
        n = stack.pop()
        if isinstance(n, Token):
            yield n
            continue
        kind = n.type
        if kind in _COMMENTS or (language == "python" and (_dropped(n) or folded_away(n, _dropped))):
            continue
        lone = _lone_statement(n) if language == "cpp" else None
        if lone is not None:
            stack.append(lone)
            continue
        loop = canonical_for(n, _dropped) if language == "python" else None
        if loop is not None:
            stack.extend(reversed(_folded(loop)))
            continue
        if facts is not None and (kind != "attribute" or keep_attributes):
            instead = normalise.rewrite(n, facts) if language == "python" else cpp_canon.rewrite(n)
            if language == "python" and kind in _BRANCHING:
                instead = _branch(n, instead, keep_attributes, facts, depth)
            if instead is None and kind in ("binary_expression", "binary_operator", "comparison_operator"):
                instead = _binary(n)
            if instead is None and kind in ("augmented_assignment", "assignment_expression"):
                instead = _augmented(n)
                if instead is not None:  # `x = x op e`: the operation's operands in order too
                    instead = [*instead[:2], *_operands(instead[2:], language, keep_attributes, facts, depth)]
            elif instead is not None and len(instead) == 3 and isinstance(instead[1], Token):
                instead = _operands(instead, language, keep_attributes, facts, depth)
            if (
                instead is None
                and language == "cpp"
                and kind == "compound_statement"
                and depth < MAX_ORDERED_DEPTH
            ):
                yield from _unrolled_block(n, keep_attributes, facts, depth)
                continue
            if instead is not None:
                stack.extend(reversed(instead))
                continue
        if kind in literals:
            yield Token("L", n.start_byte, n.end_byte)
            continue
        if n.child_count == 0:
            if kind in names:
                text = "N"
                if keep_attributes and _kept_attribute(
                    n, language, facts.parents.get(n.id) if facts is not None else n.parent
                ):
                    text = ATTR_PREFIX + n.text.decode("utf-8", "replace")
                yield Token(text, n.start_byte, n.end_byte)
            elif (language == "python" and kind in _PY_GROUPING) or (
                kind == "," and facts is not None and n.start_byte in facts.trailing_commas
            ):
                continue
            elif n.end_byte > n.start_byte:  # tree-sitter's zero-width MISSING tokens are not text
                yield Token(kind, n.start_byte, n.end_byte)
            continue
        stack.extend(reversed(_unannotated(n) if language == "python" else n.children))


_BRANCHING = frozenset({"if_statement", "conditional_expression", "block"})


def _condition(
    c: branches.Condition, keep_attributes: bool, facts: normalise.UnitFacts, depth: int
) -> list[Any]:
    parts = list(c.parts)
    return _operands(parts, "python", keep_attributes, facts, depth) if c.comparison else parts


def _branch(
    n: Any, instead: list[Any] | None, keep_attributes: bool, facts: normalise.UnitFacts, depth: int
) -> list[Any] | None:
    """A branch in one form (branches.py): negated conditions undone with the branches swapped, an
    early return read as the `else` of its `if`. `instead`: what normalise.rewrite made of `n`."""
    if n.type == "block":
        children = instead if instead is not None else list(n.children)
        split = branches.early_return(children)
        if split is None:
            return instead
        before, node, rest = split
        c = branches.condition(node.child_by_field_name("condition"))
        then = [node.child_by_field_name("consequence")]
        first, second = (rest, then) if c.negated else (then, rest)
        return [
            *before,
            *branches.as_if_else(
                node, replace(c, parts=tuple(_condition(c, keep_attributes, facts, depth))), first, second
            ),
        ]
    if instead is not None:
        return instead
    if n.type == "if_statement":
        parts = branches.if_else(n)
        if parts is None:
            return None
        c, first, second = parts
    else:
        expr = branches.conditional_expression(n)
        if expr is None or not expr[0].negated:
            return None
        c, a, b = expr
        return [
            a,
            Token("if", n.start_byte, n.start_byte + 1),
            *_condition(c, keep_attributes, facts, depth),
            Token("else", n.start_byte, n.start_byte + 1),
            b,
        ]
    if not c.negated:
        return None
    return branches.as_if_else(
        n, replace(c, parts=tuple(_condition(c, keep_attributes, facts, depth))), first, second
    )


def _unrolled_block(
    node: Any, keep_attributes: bool, facts: normalise.UnitFacts, depth: int
) -> Iterator[Token]:
    """A C++ block whose neighbouring statements that differ only by a constant offset (`f(i); f(i +
    1);`, a manually unrolled loop) read as one statement."""
    previous: str | None = None
    for child in node.children:
        tokens = list(_leaves(child, "cpp", keep_attributes, facts, depth + 1))
        key = cpp_canon.unrolled_key([t.text for t in tokens])
        if key != previous or not tokens or tokens[-1].text != ";":
            yield from tokens
        previous = key


MAX_NESTED_DEFINITIONS = 64  # nested functions lifted out of one answer (a hostile answer stays bounded)


def _nested_definitions(node: Any) -> list[Any]:
    """The functions defined directly in the body of a top-level function (and in theirs): a helper
    moved into the function that uses it, or out of it, is one top-level definition either way
    (normalise.rewrite drops them where they stand)."""
    out: list[Any] = []
    stack = [node]
    while stack and len(out) < MAX_NESTED_DEFINITIONS:
        n = stack.pop()
        inner = n.child_by_field_name("definition") if n.type == "decorated_definition" else n
        body = (
            inner.child_by_field_name("body")
            if inner is not None and inner.type == "function_definition"
            else None
        )
        for c in body.named_children if body is not None else []:
            if normalise.nested_definition(c):
                out.append(c)
                stack.append(c)
    return out


def _undecorated(node: Any, keep_attributes: bool, facts: normalise.UnitFacts) -> list[Any]:
    """A decorated Python definition reads as the definition and, for each decorator, the call that
    applies it: `@p.def_abstract_eval` over `def f` is `def f` and `p.def_abstract_eval(f)`, the
    form a copier who moves registrations out of (or into) decorators writes (token lists as chunks)."""
    inner = node.child_by_field_name("definition") if node.type == "decorated_definition" else None
    name = inner.child_by_field_name("name") if inner is not None else None
    if inner is None or name is None:
        return [node]
    at = (name.start_byte, name.end_byte)
    value: list[Any] = [Token("N", *at)]
    if name.text in facts.passed:  # used only by its decorator: read as a lambda, as a passed helper
        params, body = facts.passed[name.text]
        value = [Token("lambda", *at), *([params] if params is not None else []), Token(":", *at), *body]
    applied: list[Any] = []
    for decorator in (c for c in node.named_children if c.type == "decorator"):
        what = [c for c in decorator.named_children if c.type not in _COMMENTS]
        if what:
            applied.append(
                [t for part in (what[0], *value) for t in _leaves(part, "python", keep_attributes, facts)]
            )
    return [inner, *applied]


def _chunks(root: Any, language: str) -> Iterator[Any]:
    """The nodes whose order does not count: top-level statements, and those inside C++ scopes."""
    for child in root.children:
        body = child.child_by_field_name("body") if language == "cpp" and child.type in _CPP_SCOPES else None
        if body is not None:
            yield from _chunks(body, language)
        else:
            yield child


def tokenize(
    source: str, language: str, *, keep_attributes: bool = True, entry_points: frozenset[bytes] = frozenset()
) -> list[Token]:
    """The unit's normalised tokens, top-level definitions in canonical (sorted) order. `entry_points`:
    the names the grader calls or reads (those of the release's starter code); the Python top-level
    statements none of them reaches are dead and left out (`slicing.py`)."""
    data = source.encode("utf-8", "replace")
    tree = _parser(language).parse(data)
    if deeper_than(tree.root_node, MAX_TREE_DEPTH):  # no person nests so deep: read flat (deep_trees.py)
        literals, names = (_PY_LITERALS, _PY_NAMES) if language == "python" else (_CPP_LITERALS, _CPP_NAMES)
        return list(flat_tokens(tree.root_node, literals, names, _COMMENTS))
    dead = dead_statements(tree.root_node, entry_points, _dropped) if language == "python" else set()
    facts = (
        normalise.facts(tree.root_node, _dropped, frozenset(dead))
        if language == "python"
        else normalise.UnitFacts.empty()
    )
    commas, parents = _tree_facts(tree.root_node)
    facts = replace(facts, trailing_commas=commas, parents=parents)
    top = [n for n in _chunks(tree.root_node, language) if n.start_byte not in dead or n.type == "comment"]
    if language == "python":  # a function defined inside another reads as one defined beside it
        top += [d for n in top for d in _nested_definitions(n)]
    chunks = [
        list(_leaves(part, language, keep_attributes, facts)) if not isinstance(part, list) else part
        for node in top
        for part in _undecorated(node, keep_attributes, facts)
    ]
    chunks = [c for c in chunks if c]
    chunks.sort(key=lambda c: "\x1f".join(t.text for t in c))
    return [t for c in chunks for t in c]
