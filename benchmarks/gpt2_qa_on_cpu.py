"""A gpt2_qa solution scored on this machine's CPU against a built hidden asset's opponents:
how an exploit found on a GPU is reproduced and a change of the judge weighed without one.

    python3 benchmarks/gpt2_qa_on_cpu.py ASSETS JUDGE_GGUF OUT.json [--exploit NAME]
        [--scoring intermediate|final] [--threads 2]

ASSETS: build_assets.py's output (student/, hidden-standard/ or hidden-lite/). The starting
solution (task/solution), or it after exploits/NAME.sh has run in its folder as the agent's
would (ENVSPEC_ASSET_STUDENT set), answers the scoring's questions on the CPU; each answer is
graded as the scorer grades it (judge.grade, the judge model on llama.cpp) and compared with the
opponents' stored grades (judge.versus, as the scorer). Not the scorer: the opponents of
`standard` were graded on transformers on a GPU and CPU sampling differs from CUDA's, so the
figures estimate, they do not reproduce, a scoring. OUT.json: every answer's grades and the win
rates.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ENV = Path(__file__).resolve().parents[1] / "envs" / "gpt2_qa"
sys.path[:0] = [str(ENV / "scoring"), str(ENV / "task" / "solution")]
import judge  # noqa: E402
from student import Settings, Student  # noqa: E402

OPPONENTS = ("base", "tutored")


def solution(assets: Path, exploit: str | None, folder: Path) -> tuple[Path | None, Settings]:
    """The solution's weights (None: the base student's) and settings, made in ``folder``."""
    shutil.copytree(ENV / "task" / "solution", folder, dirs_exist_ok=True)
    if exploit:
        # `python` in the script: this interpreter, which has torch
        path = f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}"
        env = {**os.environ, "ENVSPEC_ASSET_STUDENT": str(assets / "student"), "PATH": path}
        script = ENV / "exploits" / f"{exploit}.sh"
        subprocess.run(["bash", str(script)], cwd=folder, env=env, check=True)
    weights = folder / "model.pt"
    settings = Settings.parse(json.loads((folder / "settings.json").read_text()))
    return (weights if weights.exists() else None), settings


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("assets", type=Path)
    parser.add_argument("judge_gguf", type=Path)
    parser.add_argument("out", type=Path)
    parser.add_argument("--exploit", help="an exploit's name (exploits/NAME.sh)")
    parser.add_argument("--scoring", choices=("intermediate", "final"), default="intermediate")
    parser.add_argument("--threads", type=int, default=2)
    args = parser.parse_args()
    hidden = next(args.assets.glob("hidden-*"))
    file = "intermediate.jsonl" if args.scoring == "intermediate" else "prompts.jsonl"
    rows = [json.loads(line) for line in (hidden / file).open()]
    with tempfile.TemporaryDirectory() as tmp:
        weights, settings = solution(args.assets, args.exploit, Path(tmp))
        student = Student(args.assets / "student", weights)
        answers = student.answer([r["prompt"] for r in rows], settings)
    ask = judge.local_asker(str(args.judge_gguf), threads=args.threads)
    graded, results = judge.versus(ask, rows, answers, OPPONENTS, judge.english(str(hidden)))
    win_rates = {name: sum(v) / len(v) for name, v in results.items()}
    report = {
        "solution": args.exploit or "starting",
        "scoring": args.scoring,
        "questions": len(rows),
        "score": sum(win_rates.values()) / len(win_rates),
        "win_rates": win_rates,
        "worth_at_least_the_tie_margin": sum(g.score >= judge.TIE_MARGIN for g in graded),
        "degenerate": sum(g.degenerate is not None for g in graded),
        "answers": [
            {"answer": a, **dataclasses.asdict(g)} for a, g in zip(answers, graded, strict=True)
        ],
    }
    args.out.write_text(json.dumps(report, indent=1) + "\n")
    print(json.dumps({k: v for k, v in report.items() if k != "answers"}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
