"""A chapter's answer corpus graded as a command, for the session's early lane.

    python -m helpers.corpus_grade ch05 RELEASE WORKDIR OUT.json    (tests/ on PYTHONPATH: the lane's)

Calls `answer_corpus.GRADERS[chapter](WORKDIR, RELEASE)`, the real runner in the real sandbox,
exactly as the chapter's test module did in the test process before. OUT.json holds each entry's
result in the grader's own wire format (`codec.encode_result`) with the variant it answered per
exercise; the module's fixture decodes it (`graded`) and judges as before.
"""

from __future__ import annotations

import json
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from . import answer_corpus, fresh_release
from .early_lane import EarlyLane


@dataclass
class GradedCorpus:
    results: list[Any]  # StudentResult per entry, as the grader returned it
    scores: dict[str, dict[str, Any]]  # exercise -> variant name -> ExerciseScore


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


def queue(lane: EarlyLane, key: str, chapter: str) -> None:
    """Queue the grading of `chapter`'s corpus on the lane, after the lane's fresh release."""
    release = fresh_release.queue(lane)
    work = lane.workdir(key)
    out = work / "entries.json"
    argv = [sys.executable, "-m", "helpers.corpus_grade", chapter, str(release), str(work), str(out)]
    lane.add(key, argv, note=out)


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

    chapter, (release_root, workdir, out) = argv[0], (Path(a) for a in argv[1:])
    graded = answer_corpus.GRADERS[chapter](workdir, release_root)
    doc = [{"student_id": result.student_id, "content_hash": result.content_hash, "chosen": chosen,
            "result": encode_result(result)} for result, chosen in graded]  # fmt: skip
    out.write_text(json.dumps(doc, ensure_ascii=False), encoding="utf-8")
    print(f"{chapter}'s answer corpus: {len(doc)} entries graded")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
