"""Generate the synthetic students in examples/submissions/ from a release and the master notebooks.

    .venv/bin/python examples/make_examples.py [--release assignments/<version>] [--solutions solutions]
                                               [--out examples/submissions]

Without --release: the last assignments/<version>/ that has a manifest.json, else a release built
from --solutions into a temporary folder (version 2026-fall). The output is deterministic (sorted
JSON, fixed zip timestamps), so regenerating from the same inputs changes no bytes.

Students (the id is the entry name without its extension):
  s001_all_correct/          both chapters: the released notebooks with every reference answer
                             pasted into its answer cells (the notebook writes silu.cc itself)
  s002_partial.zip           ch02 with histogram and recompile answered, ch05 with reduce_sum_rules
                             answered; the other answer cells as released
  s003_silu_compile_error/   all correct, but the `%%writefile silu.cc` cell has a C++ syntax error
  s004_malformed.ipynb       a truncated notebook (not JSON)
  s005_only_ch02.ipynb       ch02 only, all correct (ch05 missing: partial:not_submitted:ch05)

Grade them with:
    jaxgrade grade examples/submissions --out /tmp/example-grades --release <the same release>
"""

from __future__ import annotations

import argparse
import copy
import json
import shutil
import sys
import tempfile
import zipfile
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from autograder.exercises import CHAPTERS  # noqa: E402
from autograder.exercises.recompile import correct_prediction  # noqa: E402
from autograder.model import ReleaseInfo  # noqa: E402
from autograder.release.masters import find_masters  # noqa: E402

ZIP_TIME = (2026, 10, 1, 12, 0, 0)
SILU_BREAK = "int this_is_not_cplusplus = ;  // syntax error on purpose\n"


def pick_release(arg: Path | None, solutions: Path, tmp: Path) -> Path:
    if arg is not None:
        return arg
    found = sorted(p.parent for p in (REPO / "assignments").glob("*/manifest.json"))
    if found:
        return found[-1]
    from autograder.release.build import build_release

    print("no release under assignments/: building one from", solutions, file=sys.stderr)
    return build_release("2026-fall", solutions, tmp, log=lambda m: print(m, file=sys.stderr)).path


def solved(
    released: dict[str, Any], answers: dict[str, list[str]], only: set[str] | None = None
) -> dict[str, Any]:
    """A copy of a released notebook with the master's answer sources pasted into its answer cells."""
    nb = copy.deepcopy(released)
    seen: dict[str, int] = {}
    for cell in nb["cells"]:
        jg = cell.get("metadata", {}).get("jaxgrade") or {}
        if cell["cell_type"] != "code" or jg.get("role") != "answer":
            continue
        ex = jg.get("exercise")
        k = seen.get(ex, 0)
        seen[ex] = k + 1
        if only is not None and ex not in only:
            continue
        sources = answers.get(ex, [])
        if k >= len(sources):
            raise SystemExit(f"the master has fewer answer cells for {ex} than the release")
        cell["source"] = sources[k]
    return nb


def break_silu(nb: dict[str, Any]) -> dict[str, Any]:
    nb = copy.deepcopy(nb)
    for cell in nb["cells"]:
        src = cell["source"] if isinstance(cell["source"], str) else "".join(cell["source"])
        if cell["cell_type"] == "code" and src.startswith("%%writefile silu.cc"):
            first, rest = src.split("\n", 1)
            cell["source"] = f"{first}\n{SILU_BREAK}{rest}"
            return nb
    raise SystemExit("no %%writefile silu.cc cell in the ch05 notebook")


def dumps(nb: dict[str, Any]) -> bytes:
    return (json.dumps(nb, indent=1, sort_keys=True, ensure_ascii=False) + "\n").encode()


def write_zip(path: Path, members: dict[str, bytes]) -> None:
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as zf:
        for name in sorted(members):
            info = zipfile.ZipInfo(name, date_time=ZIP_TIME)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            zf.writestr(info, members[name])


def own_sequence(nb: dict[str, Any], student_id: str, release_root: Path) -> dict[str, Any]:
    """The notebook with the master's recompile prediction replaced by the count of the student's own
    sequence (every student has one, picked by the id the grader knows: here the entry name)."""
    nb = copy.deepcopy(nb)
    own = f"predicted_compiles = {correct_prediction(student_id, release_root)}"
    for cell in nb["cells"]:
        if (cell.get("metadata", {}).get("jaxgrade") or {}).get("exercise") == "recompile":
            src = "".join(cell["source"]) if isinstance(cell["source"], list) else cell["source"]
            if "predicted_compiles = 4" in src:
                cell["source"] = src.replace("predicted_compiles = 4", own)
    return nb


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--release", type=Path, default=None)
    p.add_argument("--solutions", type=Path, default=REPO / "solutions")
    p.add_argument("--out", type=Path, default=REPO / "examples" / "submissions")
    args = p.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="jaxgrade-examples-") as tmp:
        rel = ReleaseInfo.load(pick_release(args.release, args.solutions, Path(tmp)))
        masters = find_masters(args.solutions)
        released = {ch: json.loads(path.read_text(encoding="utf-8")) for ch, path in rel.notebooks.items()}
        answers = {ch: masters[ch].answer_sources for ch in CHAPTERS}
        name = {ch: path.name for ch, path in rel.notebooks.items()}
        full = {ch: solved(released[ch], answers[ch]) for ch in CHAPTERS}

        out: Path = args.out
        if out.exists():
            shutil.rmtree(out)
        out.mkdir(parents=True)

        d = out / "s001_all_correct"
        d.mkdir()
        for ch in CHAPTERS:
            nb = own_sequence(full[ch], "s001_all_correct", rel.root) if ch == "ch02" else full[ch]
            (d / name[ch]).write_bytes(dumps(nb))

        partial = {
            "ch02": solved(released["ch02"], answers["ch02"], only={"histogram", "recompile"}),
            "ch05": solved(released["ch05"], answers["ch05"], only={"reduce_sum_rules"}),
        }
        partial["ch02"] = own_sequence(partial["ch02"], "s002_partial", rel.root)
        write_zip(out / "s002_partial.zip", {f"homework/{name[ch]}": dumps(partial[ch]) for ch in CHAPTERS})

        d = out / "s003_silu_compile_error"
        d.mkdir()
        (d / name["ch02"]).write_bytes(dumps(own_sequence(full["ch02"], "s003_silu_compile_error", rel.root)))
        (d / name["ch05"]).write_bytes(dumps(break_silu(full["ch05"])))

        (out / "s004_malformed.ipynb").write_bytes(dumps(full["ch02"])[:300])
        only_ch02 = own_sequence(full["ch02"], "s005_only_ch02", rel.root)
        (out / "s005_only_ch02.ipynb").write_bytes(dumps(only_ch02))
        print(f"wrote {len(list(out.iterdir()))} students to {out} from release {rel.version} ({rel.root})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
