"""Rewrites that make disguised Python tokenise like the code it came from (trusted side, on
tree-sitter nodes of hostile text; nothing is run). Chosen by benchmarks/bench_similarity_disguise.py.

  * one name per operation: `jnp.where`, `lax.select` and `np.where` are `.where` (the module a
    function comes from is not kept: `jnp`, `lax` and `numpy` aliases are one token), and
    `jnp.add(a, b)` is `a + b` (likewise multiply, subtract, divide);
  * a helper whose body is one `return E` and whose name is used once (its call) is inlined: the
    call tokenises as E and the definition is dropped, so splitting a function or inlining one
    changes nothing;
  * independent neighbouring statements are put in one order (dependencies kept, ties by shape),
    so swapping two statements that do not touch each other's names changes nothing;
  * dead code is dropped: statements after `return`/`raise` in a block, and assignments inside a
    function to a name the answer never uses again;
  * a comprehension tokenises as the append loop it replaces: `[E for x in xs]` is
    `[] for x in xs: .append E`, and `acc = []; for x in xs: acc.append(E)` is the same stream
    (the receiver `acc` is not kept, see above).
  * a helper of up to MAX_INLINED_STATEMENTS statements ending in `return E` and called once is
    inlined too (its statements, then E, where the call was): an outlined run of statements reads
    as the code it came from;
  * a temporary assigned once in a function and read once is substituted where it is read (`d = x -
    y; out.append(f(d))` reads as `out.append(f(x - y))`), so a loop body folded into a
    comprehension, or spelled out again, changes little;
  * dead code is dropped to a fixed point: an assignment whose name is read only by other dead
    assignments is dead too, and `if FLAG:` on a module-level `FLAG = False` is dropped like `if False:`;
  * the same operation in another API family reads as one form: `x.sum(a)` is `jnp.sum(x, a)`
    (a method call on anything but a module), `jnp.dot`/`matmul`/`x.dot(y)` are `@`, `jnp.sqrt(x)`
    and `jnp.square(x)` are `x ** L`, `jnp.negative(x)` is `-x`, `jnp.greater(a, b)` is `a > b`;
    `a > b` is `b < a`.
Commutative operands are ordered in tokens.py (it needs the token text of each side), across a whole
chain of one operator, so re-associating a sum or a product changes nothing either.
`rewrite(node)` returns what the tokeniser walks instead of `node` (nodes and tokens), `[]` to
drop it, or None to walk it as written.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any

from autograder.similarity.spans import Token

Node = Any  # a tree_sitter.Node

# Another library's or spelling's name for the same operation -> the name kept
ALIASES = {
    "select": "where",
    "max": "maximum",
    "min": "minimum",
    "neg": "negative",
    "mul": "multiply",
    "sub": "subtract",
    "div": "divide",
    "true_divide": "divide",
    "pow": "power",
    "reduce_sum": "sum",
    "reduce_max": "amax",
    "reduce_min": "amin",
    "max_": "maximum",
    "absolute": "abs",
    "concatenate": "concatenate",
    "concat": "concatenate",
    "asarray": "array",
    "convert_element_type": "astype",
    "reduce_prod": "prod",
    "matmul": "dot",
    "bitwise_not": "invert",
    "logical_not": "invert",
    "gt": "greater",
    "lt": "less",
    "ge": "greater_equal",
    "le": "less_equal",
    "eq": "equal",
    "ne": "not_equal",
}
# `lib.name(a, b)` that is an operator
BINARY = {
    "add": "+",
    "multiply": "*",
    "subtract": "-",
    "divide": "/",
    "power": "**",
    "integer_pow": "**",
    "dot": "@",
    "greater": ">",
    "less": "<",
    "greater_equal": ">=",
    "less_equal": "<=",
    "equal": "==",
    "not_equal": "!=",
    "logical_and": "&",
    "bitwise_and": "&",
    "logical_or": "|",
    "bitwise_or": "|",
}
# `lib.name(x)` that is `x ** L` or `-x`
UNARY_POWER = frozenset({"sqrt", "square"})
UNARY_MINUS = frozenset({"negative"})
# Names that stand for a library module when nothing in the answer binds them otherwise (the release's
# setup cell imports them): `M.f(x)` is a function call, anything else's `.f(...)` a method call.
MODULES = frozenset(
    {b"jnp", b"np", b"lax", b"jax", b"numpy", b"onp", b"math", b"scipy", b"jsp", b"nn", b"random"}
)
# A helper of at most this many statements (its final `return` included), called once, is inlined.
MAX_INLINED_STATEMENTS = 8
# Array methods that read as the library function of the same name (`x.sum(a)` is `jnp.sum(x, a)`);
# other methods (`acc.append`, `d.items`) stay methods.
ARRAY_METHODS = frozenset(
    {
        "sum",
        "mean",
        "maximum",
        "minimum",
        "amax",
        "amin",
        "prod",
        "reshape",
        "astype",
        "transpose",
        "argmax",
        "argmin",
        "cumsum",
        "clip",
        "squeeze",
        "ravel",
        "flatten",
        "std",
        "var",
        "any",
        "all",
        "round",
        "conj",
    }
)
# `M.ones_like(x)`, `M.zeros_like(x)`, `M.full_like(x, v)`: an array of one constant shaped like x,
# which reads as the constant (`jnp.where(c, jnp.ones_like(x), x)` is `jnp.where(c, 1.0, x)`)
FILLED_LIKE = frozenset({"ones_like", "zeros_like", "full_like"})
# `M.maximum(a, b)` is `M.maximum(b, a)`: two-argument functions whose operands are put in order
COMMUTATIVE_FUNCTIONS = frozenset({"maximum", "minimum", "hypot", "logaddexp"})
# `M.shape(x)` reads as the attribute `x.shape`
ARRAY_PROPERTIES = frozenset({"shape", "ndim", "size"})
# Flipped comparisons: `a > b` reads as `b < a`
FLIPPED = {">": "<", ">=": "<="}
COMMUTATIVE = frozenset({"+", "*", "==", "!=", "&", "|"})
_TERMINATORS = frozenset({"return_statement", "raise_statement", "continue_statement", "break_statement"})
_COMPREHENSIONS = frozenset({"list_comprehension", "generator_expression", "set_comprehension"})


def canonical_attribute(name: str) -> str:
    return ALIASES.get(name, name)


@dataclass(frozen=True)
class UnitFacts:
    """What rewrites need to know about the whole answer."""

    uses: Counter[bytes]  # identifier text -> occurrences in the answer
    reads: Counter[bytes]  # ... not counting those as the target of a plain `name = ...`
    inlined: dict[bytes, list[Node]]  # helper name -> its statements before `return E`, then E
    substituted: dict[bytes, Node] = field(default_factory=dict)  # temporary -> its one assigned value
    dead: frozenset[bytes] = frozenset()  # names whose assignments in functions are dead code
    false_flags: frozenset[bytes] = frozenset()  # module-level names only ever bound to False/0/None
    modules: frozenset[bytes] = frozenset()  # names that stand for library modules
    # helper name -> (its parameters, its body) for a small helper used once as a value
    # (`pure_callback(host_fn, ...)`, `batchers[p] = rule`): that use reads as a lambda
    passed: dict[bytes, tuple[Node | None, list[Node]]] = field(default_factory=dict)
    # arguments read where their parameter is (`_arguments`), not bound before the helper's body
    argument_keys: frozenset[tuple[int, int, str]] = frozenset()
    # the tokeniser's rule for statements it drops (`if False:`, prints): they separate nothing
    noise: Callable[[Node], bool] = field(default=lambda n: False)
    # calls of inlined helpers whose statements were put before their statement (`_hoisted`)
    hoisted: set[tuple[int, int, str]] = field(default_factory=set)
    # where the tokeniser's dropped trailing commas start (tokens._tree_facts)
    trailing_commas: frozenset[int] = frozenset()
    parents: dict[int, Node] = field(default_factory=dict)  # node id -> its parent (tokens._tree_facts)

    @classmethod
    def empty(cls) -> UnitFacts:
        """For C++: only the language-neutral rewrites (commutative operands) apply."""
        return cls(Counter(), Counter(), {})


def _key(node: Node) -> tuple[int, int, str]:
    return (node.start_byte, node.end_byte, node.type)


def _helper_body(n: Node, noise: Callable[[Node], bool]) -> list[Node] | None:
    """What a call of this helper reads as (its statements, then the returned expression), or None
    when it is no small helper (no final `return E`, too long, a generator or nested definition)."""
    body = n.child_by_field_name("body")
    stmts = [c for c in body.named_children if c.type != "comment" and not noise(c)] if body else []
    ends = [i for i, c in enumerate(stmts) if c.type == "return_statement"]
    stmts = stmts[: ends[0] + 1] if ends else stmts  # what follows the first return never runs
    if not stmts or len(stmts) > MAX_INLINED_STATEMENTS or stmts[-1].type != "return_statement":
        return None
    returned = stmts[-1].named_children
    if len(returned) != 1:
        return None
    if any(
        s.type in ("function_definition", "decorated_definition", "class_definition", "return_statement")
        for s in stmts[:-1]
    ):
        return None
    return [*stmts[:-1], returned[0]]


def _plain_assignment(n: Node) -> tuple[Node, Node] | None:
    """(name, value) of a statement `name = value` or `name: T = value` (one identifier target; a type
    hint is read as absent, tokens._unannotated)."""
    if n.type != "expression_statement" or n.named_child_count != 1:
        return None
    a = n.named_children[0]
    if a.type != "assignment":
        return None
    left, right = a.child_by_field_name("left"), a.child_by_field_name("right")
    if left is None or right is None or left.type != "identifier":
        return None
    return left, right


def _identifiers(node: Node) -> Counter[bytes]:
    out: Counter[bytes] = Counter()
    stack = [node]
    while stack:
        n = stack.pop()
        if n.type == "identifier":
            out[n.text] += 1
        stack.extend(n.children)
    return out


def _dead_names(
    assigned: dict[bytes, list[Node]], reads: Counter[bytes], only_in_functions: set[bytes]
) -> set[bytes]:
    """Names assigned only by plain assignments inside functions and read by nothing but other dead
    assignments (a fixed point: a chain of unused temporaries is dead as a whole)."""
    live_reads = Counter(reads)
    dead: set[bytes] = set()
    changed = True
    while changed:
        changed = False
        for name in only_in_functions - dead:
            if live_reads[name] <= 0:
                dead.add(name)
                changed = True
                for value in assigned[name]:
                    live_reads.subtract(_identifiers(value))
    return dead


def _stable(value: Node, stores: Counter[bytes], outside: set[bytes], rebound: set[bytes]) -> bool:
    """Whether every name `value` reads is bound once (so moving it to its read cannot change what
    it reads): not assigned again, not a parameter or loop variable that is also assigned."""
    for name in _identifiers(value):
        if name in rebound or stores[name] > 1 or (stores[name] == 1 and name in outside):
            return False
    return True


def _loop_item(value: Node) -> bool:
    """`x = s[k]`: an index loop's item, which loops.py folds back into `for x in s`; `acc = [E for
    ...]`: what reads like the append loop it replaces. Neither is substituted."""
    if value.type in _COMPREHENSIONS or value.type == "dictionary_comprehension":
        return True
    parts = _call_parts(value) if value.type == "call" else None
    if (
        parts is not None
        and parts[0].text == b"list"
        and len(parts[1]) == 1
        and parts[1][0].type in _COMPREHENSIONS
    ):
        return True  # `list(E for x in xs)`, read as the comprehension
    index = value.child_by_field_name("subscript") if value.type == "subscript" else None
    return index is not None and index.type == "identifier"


def _temporaries(
    assigned: dict[bytes, list[Node]],
    candidates: set[bytes],
    stores: Counter[bytes],
    uses: Counter[bytes],
    outside: set[bytes],
    rebound: set[bytes],
) -> dict[bytes, Node]:
    """Names assigned once (in a function) and read once, whose value can move to the read."""
    return {
        name: values[0]
        for name, values in assigned.items()
        if name in candidates
        and len(values) == 1
        and stores[name] == 1
        and uses[name] == 2
        and not _loop_item(values[0])
        and _stable(values[0], stores, outside, rebound)
    }


def _acyclic(sub: dict[bytes, Node]) -> dict[bytes, Node]:
    """Substitutions whose values do not lead back to themselves (a loop's `a = f(b)`, `b = g(a)`)."""
    refs = {name: {r for r in _identifiers(value) if r in sub} for name, value in sub.items()}
    keep: dict[bytes, Node] = {}
    for name in sub:
        seen, stack, cyclic = set(), list(refs[name]), False
        while stack and not cyclic:
            r = stack.pop()
            cyclic = r == name
            if r not in seen:
                seen.add(r)
                stack.extend(refs[r])
        if not cyclic:
            keep[name] = sub[name]
    return keep


@dataclass
class _Walk:
    """What `facts` collects in its one walk over the answer."""

    uses: Counter[bytes]
    stores: Counter[bytes]
    helpers: dict[bytes, _Helper]
    call_sites: dict[bytes, list[Node]]
    assigned: dict[bytes, list[Node]]
    outside: set[bytes]
    top_values: dict[bytes, list[Node]]
    imported: set[bytes]
    called: set[bytes]
    rebound: set[bytes]


def _derived(w: _Walk) -> UnitFacts:
    """The facts the rewrites use, from what the walk collected."""
    uses, stores, helpers, call_sites, assigned = w.uses, w.stores, w.helpers, w.call_sites, w.assigned
    outside, top_values, imported, called, rebound = w.outside, w.top_values, w.imported, w.called, w.rebound
    inlined, passed = _helpers_used_once(helpers, uses, stores, called, outside)
    reads = uses - stores
    only_in_functions = {name for name in assigned if name not in outside}
    dead = _dead_names(assigned, reads, only_in_functions)
    substituted = _temporaries(
        assigned, only_in_functions - dead - set(helpers), stores, uses, outside, rebound
    )
    arguments: dict[bytes, Node] = {}
    for name in inlined:  # a parameter read once reads as its argument, like a temporary
        arguments.update(_arguments(helpers[name].parameters, call_sites.get(name, []), uses, stores))
    substituted.update(arguments)
    false_flags = frozenset(
        name
        for name, values in top_values.items()
        if stores[name] == len(values) and all(v.type in ("false", "none") or v.text == b"0" for v in values)
    )
    kept = _acyclic(substituted)
    return UnitFacts(
        uses,
        reads,
        inlined,
        kept,
        frozenset(dead),
        false_flags,
        MODULES | imported,
        passed,
        frozenset(_key(v) for k, v in arguments.items() if k in kept),
    )


@dataclass(frozen=True)
class _Helper:
    body: list[Node]  # `_helper_body`: its statements before `return E`, then E
    parameters: Node | None
    block: Node


def _helpers_used_once(
    helpers: dict[bytes, _Helper],
    uses: Counter[bytes],
    stores: Counter[bytes],
    called: set[bytes],
    outside: set[bytes],
) -> tuple[dict[bytes, list[Node]], dict[bytes, tuple[Node | None, list[Node]]]]:
    """(inlined, passed): helpers used twice, by their definition and one call (a recursive or
    unused helper is neither), and those whose one use is as a value (`register(rule)`), which read
    as a lambda: their statements then the returned E, or with a branch their block (branches.py)."""
    once = {name: h for name, h in helpers.items() if uses[name] == 2}
    inlined = {name: h.body for name, h in once.items() if name in called}
    passed = {
        name: (h.parameters, [h.block] if any(b.type == "if_statement" for b in h.body) else h.body)
        for name, h in once.items()
        if name not in called and name not in outside and name not in stores
    }
    return inlined, passed


def facts(  # noqa: C901 (one walk, many facts)
    root: Node, noise: Callable[[Node], bool], dead: frozenset[int] = frozenset()
) -> UnitFacts:
    """`noise(statement)`: the tokeniser's rule for statements it drops (prints, docstrings, ...);
    what they name does not count as a use. `dead`: start bytes of the top-level statements sliced
    away (slicing.py), which count for nothing either."""
    uses: Counter[bytes] = Counter()
    stores: Counter[bytes] = Counter()
    helpers: dict[bytes, _Helper] = {}
    call_sites: dict[bytes, list[Node]] = {}
    assigned: dict[bytes, list[Node]] = {}
    outside: set[bytes] = set()  # names bound by anything but a plain assignment in a function
    top_values: dict[bytes, list[Node]] = {}
    imported: set[bytes] = set()
    called: set[bytes] = set()
    rebound: set[bytes] = set()  # targets of augmented assignments
    # (node, its parent, inside a function): the walk carries what it knows, because asking
    # tree-sitter for a node's parent scans the children of each ancestor, quadratic in a wide tree
    stack: list[tuple[Node, Node | None, bool]] = [(root, None, False)]
    while stack:  # iterative: hostile nesting
        n, parent, in_function = stack.pop()
        if noise(n) or (n.start_byte in dead and parent is not None and parent.type == "module"):
            continue
        if n.type == "identifier":
            uses[n.text] += 1
            if parent is not None and parent.type == "call" and parent.child_by_field_name("function") == n:
                called.add(n.text)
                call_sites.setdefault(n.text, []).append(parent)
            if parent is not None and parent.type == "assignment" and parent.child_by_field_name("left") == n:
                stores[n.text] += 1
        elif n.type == "decorated_definition":  # each decorator takes the function as a value:
            inner = n.child_by_field_name("definition")  # `@p.def_impl` over `def f` is `p.def_impl(f)`
            name = inner.child_by_field_name("name") if inner is not None else None
            if name is not None:
                uses[name.text] += sum(c.type == "decorator" for c in n.children)
        elif n.type == "function_definition":
            name = n.child_by_field_name("name")
            body = _helper_body(n, noise)
            if name is not None and body is not None:
                helpers[name.text] = _Helper(
                    body, n.child_by_field_name("parameters"), n.child_by_field_name("body")
                )
        elif n.type in ("import_statement", "import_from_statement", "aliased_import"):
            alias = n.child_by_field_name("alias")
            if alias is not None:
                imported.add(alias.text)
            elif n.type == "import_statement":
                imported.update(c.text.split(b".")[0] for c in n.named_children if c.type == "dotted_name")
        plain = _plain_assignment(n)
        if plain is not None:
            left, right = plain
            if in_function:
                assigned.setdefault(left.text, []).append(right)
            else:
                outside.add(left.text)
                if parent is not None and parent.type == "module":
                    top_values.setdefault(left.text, []).append(right)
        elif n.type in ("parameters", "lambda_parameters", "global_statement", "nonlocal_statement"):
            outside.update(_identifiers(n))
        elif n.type in (
            "augmented_assignment",
            "for_statement",
            "for_in_clause",
            "named_expression",
            "as_pattern_target",
            "with_item",
        ):
            target = n.child_by_field_name("name" if n.type == "named_expression" else "left")
            bound = _identifiers(target if target is not None else n)
            outside.update(bound)
            if n.type == "augmented_assignment":
                rebound.update(_identifiers(_assigned_base(target)) if target is not None else bound)
        inside = in_function or n.type == "function_definition"
        stack.extend((c, n, inside) for c in n.children)
    derived = _derived(
        _Walk(uses, stores, helpers, call_sites, assigned, outside, top_values, imported, called, rebound)
    )
    return replace(derived, noise=noise)


MAX_NESTING = 32  # enclosing functions looked through for `nested_definition`


def nested_definition(node: Node) -> bool:
    """A function defined directly in the body of a top-level function, or of one such nested
    function: tokens.py reads it beside the top-level definitions, and its enclosing body without it."""
    for _ in range(MAX_NESTING):
        wrapper = node
        if node.type == "decorated_definition":
            node = node.child_by_field_name("definition") or node
        if node.type != "function_definition":
            return False
        block = wrapper.parent
        outer = block.parent if block is not None and block.type == "block" else None
        if outer is None or outer.type != "function_definition":
            return False
        top = (
            outer.parent
            if outer.parent is not None and outer.parent.type == "decorated_definition"
            else outer
        )
        if top.parent is not None and top.parent.type == "module":
            return True
        node = top
    return False


def _assigned_base(target: Node) -> Node:
    """What an assignment to `target` changes: `counter[key] += 1` changes `counter`, not `key`."""
    while target.type in ("subscript", "attribute"):
        inner = target.child_by_field_name("value" if target.type == "subscript" else "object")
        if inner is None:
            break
        target = inner
    return target


def _inside_function(node: Node) -> bool:
    p = node.parent
    for _ in range(200):
        if p is None:
            return False
        if p.type == "function_definition":
            return True
        p = p.parent
    return False


def _unused_assignment(node: Node, f: UnitFacts) -> bool:
    if node.type != "expression_statement" or node.named_child_count != 1:
        return False
    a = node.named_children[0]
    if a.type != "assignment" or a.child_by_field_name("right") is None:
        return False
    left = a.child_by_field_name("left")
    return (
        left is not None
        and left.type == "identifier"
        and (f.reads[left.text] == 0 or left.text in f.dead or left.text in f.substituted)
        and _inside_function(node)
    )


def _call_parts(node: Node) -> tuple[Node, list[Node]] | None:
    fn = node.child_by_field_name("function")
    args = node.child_by_field_name("arguments")
    if fn is not None and args is not None and args.type == "generator_expression":
        return fn, [args]  # `f(E for x in xs)`: the generator is the one argument
    if fn is None or args is None or args.type != "argument_list":
        return None
    return fn, [c for c in args.named_children if c.type != "comment"]


def _comprehension(node: Node, statement: bool = False, as_list: bool = False) -> list[Any]:
    """`[E for x in xs]` as the append loop it replaces; as a statement of its own (its list thrown
    away, `[visit(c) for c in cs]`), as the plain loop `for x in xs: E`; `as_list`: a generator
    expression made a list (`list(E for x in xs)`) reads as the list comprehension."""
    at = (node.start_byte, node.start_byte + 1)
    body = node.named_children[0] if node.named_children else None
    clauses = [c for c in node.named_children[1:] if c.type in ("for_in_clause", "if_clause")]
    built = (node.type != "generator_expression" or as_list) and not statement
    out: list[Any] = [Token("[", *at), Token("]", *at)] if built else []
    for c in clauses:
        out.extend(c.children)
    out.append(Token(":", *at))
    if built:
        out.append(Token(".append", *at))
    if body is not None:
        out.append(body)
    return out


MAX_SHAPE = 400  # leaves of a statement that decide its place among independent neighbours


def _shape(node: Node) -> str:
    """A statement's leaves with names and literals abstracted (a rename does not move it)."""
    out: list[str] = []
    stack = [node]
    while stack and len(out) < MAX_SHAPE:
        n = stack.pop()
        if n.type == "identifier":
            out.append("N")
        elif n.type in ("string", "integer", "float", "true", "false", "none"):
            out.append("L")
        elif n.child_count == 0:
            out.append(n.type)
        else:
            stack.extend(reversed(n.children))
    return " ".join(out)


def _names(node: Node, sub: dict[bytes, Node]) -> tuple[set[bytes], set[bytes]]:
    """(used, written) identifiers of a simple statement; the receiver of a method call counts as
    written (`stack.append(v)` changes `stack`); a substituted temporary reads what its value reads."""
    reads: set[bytes] = set()
    writes: set[bytes] = set()
    stack = [(node, False)]
    expanded: set[bytes] = set()
    while stack:
        n, written = stack.pop()
        if n.type == "identifier":
            (writes if written else reads).add(n.text)
            if n.text in sub and n.text not in expanded:
                expanded.add(n.text)
                stack.append((sub[n.text], False))
            continue
        for c in n.children:
            if n.type == "attribute" and c == n.child_by_field_name("attribute"):
                continue  # `x.shape`: `shape` is no variable
            target = n.type in ("assignment", "augmented_assignment") and c == n.child_by_field_name("left")
            receiver = (
                n.type == "attribute"
                and c.type == "identifier"
                and c == n.child_by_field_name("object")
                and n.parent is not None
                and n.parent.type == "call"
                and n.parent.child_by_field_name("function") == n
            )
            stack.append((c, written or target or receiver))
    return reads | writes, writes


def _independent_order(stmts: list[Node], sub: dict[bytes, Node]) -> list[Node]:
    """The statements in canonical order: each goes after every earlier one it depends on (shares a
    written name with), and among those free to go next the smallest shape goes first."""
    names = [_names(s, sub) for s in stmts]
    after: list[set[int]] = [set() for _ in stmts]
    for j in range(len(stmts)):
        for i in range(j):
            (ri, wi), (rj, wj) = names[i], names[j]
            if wi & rj or wj & ri:
                after[j].add(i)
    shapes = [_shape(s) for s in stmts]
    placed: list[int] = []
    done: set[int] = set()
    while len(placed) < len(stmts):
        ready = [j for j in range(len(stmts)) if j not in done and after[j] <= done]
        j = min(ready, key=lambda k: (shapes[k], k))
        placed.append(j)
        done.add(j)
    return [stmts[j] for j in placed]


MAX_REORDERED_RUN = 40  # longer runs of simple statements keep their order (the sort is quadratic)


def _canonical_block(children: list[Node], sub: dict[bytes, Node]) -> list[Node]:
    out: list[Node] = []
    run: list[Node] = []
    for c in [*children, None]:
        if c is not None and c.type == "expression_statement":
            run.append(c)
            continue
        out.extend(_independent_order(run, sub) if 1 < len(run) <= MAX_REORDERED_RUN else run)
        run = []
        if c is not None:
            out.append(c)
    return out


def _substitutable(node: Node, f: UnitFacts) -> bool:
    """An identifier read of a substituted temporary (not an attribute's or keyword's name)."""
    if node.text not in f.substituted:
        return False
    parent = node.parent
    if parent is None:
        return False
    if parent.type == "attribute" and parent.child_by_field_name("attribute") == node:
        return False
    if parent.type == "keyword_argument" and parent.child_by_field_name("name") == node:
        return False
    return not (parent.type == "assignment" and parent.child_by_field_name("left") == node)


_NESTED_SCOPES = frozenset({"lambda", "function_definition", "class_definition", *_COMPREHENSIONS})
MAX_HOISTED_NODES = 2_000  # nodes of one statement searched for inlined calls (hostile statements)


def _arguments(
    params: Node | None, calls: list[Node], uses: Counter[bytes], stores: Counter[bytes]
) -> dict[bytes, Node]:
    """Parameter -> argument of a helper's one call, for the positional parameters named nowhere
    else in the answer and read once in the helper (their declaration and that read)."""
    if params is None or len(calls) != 1:
        return {}
    parts = _call_parts(calls[0])
    if parts is None or any(
        a.type in ("keyword_argument", "list_splat", "dictionary_splat") for a in parts[1]
    ):
        return {}
    names = [c for c in params.named_children if c.type != "comment"]
    if any(c.type != "identifier" for c in names) or len(names) != len(parts[1]):
        return {}
    return {
        c.text: arg
        for c, arg in zip(names, parts[1], strict=True)
        if uses[c.text] == 2 and stores[c.text] == 0
    }


def _hoisted(stmt: Node, f: UnitFacts) -> list[Any]:
    """What runs before `stmt` when it calls inlined helpers: each call's arguments bound to its
    parameters and the helper's statements, innermost call first (the call then reads as the
    helper's returned expression, `_rewrite_call`), as when the helper is written out above it."""
    if not f.inlined:
        return []
    calls: list[Node] = []
    stack, seen = list(stmt.children), 0
    while stack and seen < MAX_HOISTED_NODES:
        n = stack.pop()
        seen += 1
        if n.type in _NESTED_SCOPES:
            continue
        fn = n.child_by_field_name("function") if n.type == "call" else None
        if fn is not None and fn.type == "identifier" and fn.text in f.inlined and _key(n) not in f.hoisted:
            calls.append(n)
        stack.extend(n.children)
    out: list[Any] = []
    for call in sorted(calls, key=lambda c: (c.end_byte, -c.start_byte)):
        parts = _call_parts(call)
        if parts is None:
            continue
        f.hoisted.add(_key(call))
        out += [*_bindings(parts[1], f), *f.inlined[parts[0].text][:-1]]
    return out


def _bindings(args: list[Node], f: UnitFacts) -> list[Any]:
    """An inlined call's arguments as the assignments of its parameters (`N = E`), those that are
    more than a name: `h(g(x))` with both inlined reads as `g`'s body, `N =` its result, then `h`'s."""
    out: list[Any] = []
    for a in args:
        value = a.child_by_field_name("value") if a.type == "keyword_argument" else a
        while value is not None and value.type == "parenthesized_expression" and value.named_child_count == 1:
            value = value.named_children[0]
        if value is None or value.type in ("identifier", "list_splat", "dictionary_splat"):
            continue
        if _key(value) in f.argument_keys:
            continue  # read where its parameter is (`_arguments`)
        at = (a.start_byte, a.start_byte + 1)
        out += [Token("N", *at), Token("=", *at), value]
    return out


def _passed_use(node: Node) -> bool:
    """The one use of a helper passed on as a value: not its definition's name, not an attribute."""
    parent = node.parent
    if parent is None or parent.type == "function_definition":
        return False
    return not (parent.type == "attribute" and parent.child_by_field_name("attribute") == node)


def _attr_name(fn: Node) -> str | None:
    attr = fn.child_by_field_name("attribute")
    return canonical_attribute(attr.text.decode("utf-8", "replace")) if attr is not None else None


def _rewrite_call(node: Node, f: UnitFacts) -> list[Any] | None:
    parts = _call_parts(node)
    if parts is None:
        return None
    fn, args = parts
    if fn.type == "identifier" and fn.text in f.inlined:
        body = f.inlined[fn.text]
        return [body[-1]] if _key(node) in f.hoisted else [*_bindings(args, f), *body]
    if fn.type == "identifier" and fn.text == b"list" and len(args) == 1 and args[0].type in _COMPREHENSIONS:
        return _comprehension(args[0], as_list=True)  # `list(E for x in xs)` is `[E for x in xs]`
    if fn.type != "attribute":
        return None
    name = _attr_name(fn)
    obj = fn.child_by_field_name("object")
    if name is None or obj is None:
        return None
    positional = all(a.type != "keyword_argument" for a in args)
    at = (fn.start_byte, fn.end_byte)
    module = obj.type == "identifier" and obj.text in f.modules
    if module and name in FILLED_LIKE and 1 <= len(args) <= 2:
        return [Token("L", *at)]  # `jnp.ones_like(x)` where `1.0` would broadcast the same
    if module or obj.type == "attribute":  # `jnp.f(...)`, `jax.numpy.f(...)`: a function call
        if name in BINARY and len(args) == 2 and positional:
            return [args[0], Token(BINARY[name], *at), args[1]]
        if name in COMMUTATIVE_FUNCTIONS and len(args) == 2 and positional:  # operands put in order
            return [args[0], Token("." + name, *at), args[1]]
        if name in ARRAY_PROPERTIES and len(args) == 1 and positional:  # `jnp.shape(x)` is `x.shape`
            return (
                [Token("." + name, *at)]
                if args[0].type == "identifier"
                else [args[0], Token("." + name, *at)]
            )
        if name in UNARY_POWER and len(args) == 1 and positional:
            return [args[0], Token("**", *at), Token("L", *at)]
        if name in UNARY_MINUS and len(args) == 1 and positional:
            return [Token("-", *at), args[0]]
        return None
    # a method call on a value: `x.f(a)` reads as `M.f(x, a)` (or `x op a` for an operator)
    if name in BINARY and len(args) == 1 and positional:
        return [obj, Token(BINARY[name], *at), args[0]]
    if name not in ARRAY_METHODS:
        return None
    arglist = node.child_by_field_name("arguments")
    out: list[Any] = [Token("." + name, *at), obj]
    if args:
        out.append(Token(",", *at))
    if arglist is not None and arglist.type != "argument_list":
        return [*out, arglist]  # `x.f(E for e in es)`
    return [*out, *(arglist.children if arglist is not None else [])]


def rewrite(node: Node, f: UnitFacts) -> list[Any] | None:  # noqa: C901 (one dispatch per node kind)
    kind = node.type
    if kind == "identifier":
        if node.text in f.passed and _passed_use(node):
            params, body = f.passed[node.text]
            at = (node.start_byte, node.end_byte)
            return [Token("lambda", *at), *([params] if params is not None else []), Token(":", *at), *body]
        return [f.substituted[node.text]] if _substitutable(node, f) else None
    if kind == "expression_statement" and _unused_assignment(node, f):
        return []  # also a statement of an inlined helper's body, walked outside its block
    if kind == "expression_statement" and node.named_child_count == 1:
        only = node.named_children[0]
        if only.type in _COMPREHENSIONS:
            return _comprehension(only, statement=True)
    if kind in ("return_statement", "expression_statement"):
        hoisted = _hoisted(node, f)
        if hoisted:  # `return h(x)`: h's statements, then `return` its result
            return [*hoisted, *node.children]
    if kind == "expression_statement" and node.parent is not None and node.parent.type == "module":
        plain = _plain_assignment(node)  # `DEBUG = False`: its `if DEBUG:` blocks are dropped
        return [] if plain is not None and plain[0].text in f.false_flags else None
    if kind == "conditional_expression" and node.named_child_count == 3:
        cond = node.named_children[1]  # `A if False else B` is B
        if cond.type in ("false", "none") or (cond.type == "identifier" and cond.text in f.false_flags):
            return [node.named_children[2]]
        return None
    if kind == "if_statement" and node.child_by_field_name("alternative") is None:
        cond = node.child_by_field_name("condition")
        return [] if cond is not None and cond.type == "identifier" and cond.text in f.false_flags else None
    if kind == "function_definition":
        name = node.child_by_field_name("name")
        return [] if name is not None and (name.text in f.inlined or name.text in f.passed) else None
    if kind == "block":
        kept: list[Any] = []
        for c in node.children:
            if _unused_assignment(c, f) or nested_definition(c) or f.noise(c):
                continue  # a nested function is read beside its enclosing one (tokens.py)
            kept.append(c)
            if c.type in _TERMINATORS:
                break
        ordered = _canonical_block(kept, f.substituted)
        return ordered if ordered != list(node.children) else None
    if kind in _COMPREHENSIONS:
        return _comprehension(node)
    if kind == "attribute":
        obj, attr = node.child_by_field_name("object"), node.child_by_field_name("attribute")
        if attr is None or obj is None:
            return None
        token = Token(
            "." + canonical_attribute(attr.text.decode("utf-8", "replace")), attr.start_byte, attr.end_byte
        )
        return [token] if obj.type == "identifier" else [obj, token]
    if kind == "call":
        return _rewrite_call(node, f)
    return None
