"""Which opponents' grades of built hidden assets today's scoring rule would make from other
chats than the rule they were graded under, written into the scorer's list of stale grades
(scoring/stale_grades.json), which each scoring grades again (judge.versus).

    python envs/gpt2_qa/builder/stale_grades.py GRADED_UNDER_JUDGE_PY VERSION HIDDEN...

GRADED_UNDER_JUDGE_PY: the scoring/judge.py the assets were graded with (say from
`git show COMMIT:envs/gpt2_qa/scoring/judge.py`), VERSION its environment's version; HIDDEN:
hidden asset folders (`envspec asset pull REF DIR`). An answer is stale where its degenerate
verdict or any of its three grading chats (its own, its control's, as it stands for the
control) differ. Each hidden file's entry, under its SHA-256, is replaced: the list names rows
by their place, never by what they hold. Why not grade the assets again: `standard`'s were
graded by the GPU engine, and a scoring grading the few stale ones again on the variant's
engine gives what a new build would.
"""

from __future__ import annotations

import hashlib
import importlib.util
import json
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

SCORING = Path(__file__).resolve().parents[1] / "scoring"
FILES = ("prompts.jsonl", "intermediate.jsonl")


def _load(path: Path, name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module  # dataclasses look their module up
    spec.loader.exec_module(module)
    return module


def _chats(judge: ModuleType, row: dict[str, Any], answer: str, words: frozenset[str]) -> Any:
    message, control = row["prompt"], row["control"]
    return (
        judge.degenerate(message, answer),
        judge.chat(message, answer),
        judge.control_chat(message, answer, control, words=words),
        judge.chat(control, answer),
    )


def stale_rows(then: ModuleType, now: ModuleType, path: Path) -> list[tuple[int, str]]:
    """The (row, opponent) of the hidden file at ``path`` graded from other chats by ``now``
    than by ``then`` (two versions of scoring/judge.py)."""
    words = now.english(str(path.parent))
    rows = [json.loads(line) for line in path.open(encoding="utf-8")]
    return [
        (i, name)
        for i, row in enumerate(rows)
        for name, theirs in row["opponents"].items()
        if _chats(then, row, theirs["answer"], words) != _chats(now, row, theirs["answer"], words)
    ]


def main(argv: list[str]) -> int:
    if len(argv) < 3:
        print(__doc__, file=sys.stderr)
        return 2
    then = _load(Path(argv[0]), "judge_then")
    now = _load(SCORING / "judge.py", "judge_now")
    out = SCORING / now.STALE_FILE
    listed = json.loads(out.read_text()) if out.exists() else {"files": {}}
    for hidden in map(Path, argv[2:]):
        for name in FILES:
            path = hidden / name
            stale = stale_rows(then, now, path)
            digest = hashlib.sha256(path.read_bytes()).hexdigest()
            listed["files"][digest] = {"file": name, "graded_under": argv[1], "stale": stale}
            print(f"{path}: {len(stale)} answers stale ({digest[:12]})")
    out.write_text(json.dumps(listed, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
