"""The scorer's worker: the student's answers to the held-out prompts (run in the sandbox).

    python generate.py job.json model.pt|-

job.json: {"prompts": [...], "settings": {...}, "seed": N, "device": "cpu" or "cuda"}; ``-``: the
base student's weights.
Prints one JSON line: {"ok": true, "answers": [...]} or {"ok": false, "error": "..."} when the
weights are not the base student's shape (a message for the agent).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import torch
from student import Settings, Student


def main(job_file: str, weights: str) -> None:
    """Load, check, generate; print the answer line."""
    torch.set_num_threads(max(1, torch.get_num_threads()))
    job = json.loads(Path(job_file).read_text())
    try:
        student = Student(
            Path("student"), None if weights == "-" else Path(weights), job.get("device", "cpu")
        )
    except Exception as e:  # anything wrong with the file is a message for the agent
        print(json.dumps({"ok": False, "error": f"model.pt cannot be used: {e}"[:600]}))
        return
    answers = student.answer(job["prompts"], Settings(**job["settings"]), seed=job["seed"])
    print(json.dumps({"ok": True, "answers": answers}))


if __name__ == "__main__":
    main(*sys.argv[1:3])
