"""gpt2_qa's reference: best-of-n by the judge, then fine-tuning on the winners (the original's
kind: 2,048 prompts a round, best-of-8 by a judge tournament, supervised fine-tuning on the
winners; scaled to the variant by ``$ENVSPEC_PARAMETERS``' ``reference``).

    python improve.py        (in the working directory, with student.py beside it)

Writes model.pt and settings.json; prints one JSON line of figures per round.
"""

from __future__ import annotations

import json
import os
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path.cwd()))
from student import Settings, Student, judge

PARAMS = json.loads(os.environ.get("ENVSPEC_PARAMETERS", "{}")).get("reference", {})
ROUNDS = int(PARAMS.get("rounds", 1))
PROMPTS = int(PARAMS.get("prompts", 48))  # a round
SAMPLES = int(PARAMS.get("samples", 4))  # answers a prompt, one kept
STEPS = int(PARAMS.get("steps", 150))
LR = float(PARAMS.get("lr", 5e-4))
EXPLORE = Settings(temperature=1.0, top_k=16, max_new_tokens=40)
SUBMIT = Settings(temperature=0.7, top_k=8, max_new_tokens=40)


def knockout(question: str, answers: list[str]) -> str:
    """The judge's favourite of ``answers``: winners meet winners; a tie keeps the first."""
    field = answers
    while len(field) > 1:
        nxt = []
        for a, b in zip(field[::2], field[1::2], strict=False):  # an odd one out waits
            nxt.append(b if judge(question, a, b) == 0.0 else a)
        if len(field) % 2:
            nxt.append(field[-1])
        field = nxt
    return field[0]


def main() -> None:
    """Every round: sample, judge, fine-tune; then save."""
    base = Path(os.environ["ENVSPEC_ASSET_STUDENT"])
    questions = [json.loads(line)["prompt"] for line in (base / "train_prompts.jsonl").open()]
    rng = random.Random(0)
    student = Student(base)
    for round_ in range(ROUNDS):
        chosen = rng.sample(questions, PROMPTS)
        pairs = []
        for i, q in enumerate(chosen):
            answers = [
                student.answer([q], EXPLORE, seed=1000 * round_ + 10 * i + k)[0]
                for k in range(SAMPLES)
            ]
            pairs.append((q, knockout(q, answers)))
        losses = student.finetune(pairs, steps=STEPS, lr=LR, seed=round_)
        print(json.dumps({"round": round_, "pairs": len(pairs), "loss": losses[-1]}), flush=True)
    student.save(Path("model.pt"))
    Path("settings.json").write_text(json.dumps(SUBMIT.__dict__) + "\n")


if __name__ == "__main__":
    main()
