"""A chapter's answer corpus graded as a command, for the session's early lane.

    python tests/helpers/corpus_grade.py tests/test_checks_ch05.py RELEASE WORKDIR OUT.json

Imports the test module from its file and calls its `grade_entries(WORKDIR, RELEASE)`, the real
runner in the real sandbox, exactly as the module's fixture did in the test process. OUT.json holds
each entry's result as the grader's own wire format (`codec.encode_result`) with the variant it
answered per exercise; the fixture decodes it (`decoded_entries`) and judges as before.
"""

from __future__ import annotations

import importlib.util
import json
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

TESTS = Path(__file__).resolve().parents[1]
if str(TESTS) not in sys.path:  # run as a script: the `helpers` package, and the test module's imports
    sys.path.insert(0, str(TESTS))

from helpers import fresh_release  # noqa: E402
from helpers.early_lane import EarlyLane  # noqa: E402


@dataclass
class GradedCorpus:
    results: list[Any]  # StudentResult per entry, as the grader returned it
    scores: dict[str, dict[str, Any]]  # exercise -> variant name -> ExerciseScore


def load_module(path: Path) -> Any:
    spec = importlib.util.spec_from_file_location(f"corpus_source_{path.stem}", path)
    assert spec is not None and spec.loader is not None, path
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up there
    spec.loader.exec_module(module)
    return module


def decoded_entries(path: Path, release_root: Path) -> list[tuple[Any, dict[str, str]]]:
    """(StudentResult, exercise -> variant name) per entry, from OUT.json."""
    from autograder.grade.codec import decode_result
    from autograder.model import ReleaseInfo

    release = ReleaseInfo.load(release_root)
    entries = []
    for doc in json.loads(path.read_text(encoding="utf-8")):
        sid, content_hash = doc["student_id"], doc["content_hash"]
        result = decode_result(doc["result"], student_id=sid, content_hash_hex=content_hash, release=release,
                               exercises=())  # fmt: skip
        entries.append((result, dict(doc["chosen"])))
    return entries


def queue(lane: EarlyLane, key: str, module_file: str) -> None:
    """Queue the grading of `module_file`'s corpus on the lane, after the lane's fresh release."""
    release = fresh_release.queue(lane)
    work = lane.workdir(key)
    argv = [sys.executable, __file__, module_file, str(release), str(work), str(work / "entries.json")]
    lane.add(key, argv, note=work / "entries.json")


def graded(lane: EarlyLane, key: str, release_root: Path, exercises: tuple[str, ...]) -> GradedCorpus:
    """The lane's grading of the corpus `key`: each entry's StudentResult, and exercise -> variant
    name -> that variant's score."""
    done = lane.result(key)
    assert done.returncode == 0, f"grading the corpus failed ({done.returncode}):\n{done.stderr[-6000:]}"
    note = lane.notes[key]
    assert isinstance(note, Path)
    entries = decoded_entries(note, release_root)
    scores: dict[str, dict[str, Any]] = {ex: {} for ex in exercises}
    for result, chosen in entries:
        for ex, name in chosen.items():
            scores[ex][name] = result.scores[ex]
    return GradedCorpus([result for result, _ in entries], scores)


def main(argv: list[str]) -> int:
    from autograder.grade.codec import encode_result

    module_path, release_root, workdir, out = (Path(a) for a in argv)
    graded = load_module(module_path).grade_entries(workdir, release_root)
    doc = [{"student_id": result.student_id, "content_hash": result.content_hash, "chosen": chosen,
            "result": encode_result(result)} for result, chosen in graded]  # fmt: skip
    out.write_text(json.dumps(doc, ensure_ascii=False), encoding="utf-8")
    print(f"corpus of {module_path.name}: {len(doc)} entries graded")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
