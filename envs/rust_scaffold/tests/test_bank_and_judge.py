"""rust_scaffold on this host: the bank is sound; the split and the hidden tests come from the
operator's secret; the judge (Debian's rustc, as an untrusted uid) solves with the references and
gives each broken program the verdict of the limit it breaks."""

from __future__ import annotations

import asyncio
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace

import pytest

from envspec.assets.secret import AssetSecret
from tests.support.envs import load_module

ENV = Path(__file__).resolve().parents[1]
BANK = ENV / "bank"
KIT = Path(__file__).resolve().parents[3] / "envspec" / "kit"
needs_root = pytest.mark.skipif(os.geteuid() != 0, reason="the judge's sandbox needs root")
needs_rustc = pytest.mark.skipif(
    not Path("/usr/bin/rustc").exists(), reason="Debian's rustc-web (scripts/bootstrap)"
)


def _builder():  # type: ignore[no-untyped-def]
    return load_module(ENV / "builder" / "build_assets.py", "rs")


def _bank_check():  # type: ignore[no-untyped-def]
    return load_module(ENV / "builder" / "bank_check.py", "rs")


def test_every_problem_loads_and_a_sample_passes_the_bank_check() -> None:
    check = _bank_check()
    slugs = sorted(p.name for p in BANK.iterdir() if p.is_dir())
    problems = [check.load_problem(BANK / s) for s in slugs]
    assert len(problems) >= 160
    titles = [p.title for p in problems]
    assert len(set(titles)) == len(titles), "two problems share a title"
    assert not any(p.has_checker for p in problems)  # the judge compares tokens only
    if shutil.which("rustc"):
        done = subprocess.run(
            [
                sys.executable,
                str(ENV / "builder" / "bank_check.py"),
                "--tests",
                "6",
                *_builder().SMALL_BANK[:3],
            ],
            capture_output=True,
            text=True,
            timeout=600,
        )
        assert done.returncode == 0, done.stdout[-2000:]


def test_the_split_and_the_hidden_tests_come_from_the_secret(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    builder = _builder()
    a = AssetSecret(os.urandom(32), "fresh")
    b = AssetSecret(os.urandom(32), "fresh")
    builder.build(tmp_path / "a1", a, only=list(builder.SMALL_BANK))
    builder.build(tmp_path / "a2", a, only=list(builder.SMALL_BANK))
    builder.build(tmp_path / "b", b, only=list(builder.SMALL_BANK))

    def files(root: Path) -> dict[str, bytes]:
        return {str(p.relative_to(root)): p.read_bytes() for p in root.rglob("*.json")}

    assert files(tmp_path / "a1") == files(tmp_path / "a2"), "the same secret, other bytes"
    assert files(tmp_path / "a1") != files(tmp_path / "b")
    hidden = {p.stem for p in (tmp_path / "a1" / "hidden").glob("*.json")}
    visible = {p.stem for p in (tmp_path / "a1" / "visible").glob("*.json")}
    assert len(visible) == 3 and len(hidden) == 6 and not hidden & visible
    for name in hidden:  # no hidden test is the public seed's
        ours = json.loads((tmp_path / "a1" / "hidden" / f"{name}.json").read_text())["tests"]
        problem = _bank_check().load_problem(BANK / name)
        public = builder.tests_of(problem, len(ours), builder.PUBLIC_SEED)
        assert ours != public
        assert len(ours) >= 10
    for data in files(tmp_path / "a1").values():
        assert a.value not in data and a.value.hex().encode() not in data
    # lite's set: so many hidden problems of each rating it names, first in the secret's order
    rating = {name: _bank_check().load_problem(BANK / name).rating for name in hidden}
    two_ratings = sorted(set(rating.values()))[:2]
    monkeypatch.setattr(builder, "LITE_HIDDEN", {r: 1 for r in two_ratings})
    builder.build(tmp_path / "lite", a, only=list(builder.SMALL_BANK))
    lite = {p.stem for p in (tmp_path / "lite" / "hidden-lite").glob("*.json")}
    in_order = [s for s in builder.order(list(builder.SMALL_BANK), a) if s in hidden]
    assert lite == {next(s for s in in_order if rating[s] == r) for r in two_ratings}


def test_the_assets_tests_do_not_follow_the_hash_seed() -> None:
    """medal-table's generator iterates a set of strings, whose order follows the process's hash
    seed: two builds of asset version 2.0.0 differed there. The assets' tests are made apart,
    under a fixed seed."""
    code = (
        "import json, sys; sys.path.insert(0, sys.argv[1]); import bank_check; "
        "from pathlib import Path; p = Path(sys.argv[2]); "
        "print(json.dumps([bank_check.make_tests(p, 6, 's'), "
        "bank_check.make_tests_apart(p, 6, 's')]))"
    )
    runs = [
        json.loads(
            subprocess.run(
                [sys.executable, "-c", code, str(ENV / "builder"), str(BANK / "medal-table")],
                env={**os.environ, "PYTHONHASHSEED": seed},
                capture_output=True,
                text=True,
                check=True,
            ).stdout
        )
        for seed in ("1", "2")
    ]
    assert runs[0][0] != runs[1][0], "made in each process, the tests should differ"
    assert runs[0][1] == runs[1][1]


def test_a_generator_that_fails_for_some_seeds_is_found() -> None:
    """The hidden tests' seeds come from a secret, so a generator must work for any seed:
    archipelago-count failed for about 1 seed in 20 before 0.1.1, and the fuzz finds that."""
    check = _bank_check()
    assert check.fuzz_generator(BANK / "archipelago-count", 40, 12) == []
    assert check.main(["--fuzz", "2", "no-such-problem"]) == 1


def _score_on_host(tmp_path: Path, scaffold: str, hidden: Path) -> dict[str, object]:
    """score.py run on this host as the runtime runs it, with a scaffold that needs no model."""
    scoring = tmp_path / "scoring"
    shutil.copytree(ENV / "scoring", scoring)
    for name in ("contest.py", "rust_tools.py"):
        shutil.copy(ENV / "task" / "solution" / name, scoring / name)
    solution = tmp_path / "solution"
    solution.mkdir()
    (solution / "scaffold.py").write_text(scaffold)
    params = {
        "batch_size": 3,
        "batch_seconds": 60,
        "total_seconds": 300,
        "scoring_tokens": 1000,
        "max_tokens": 64,
        "concurrency": 2,
        "model_workers": 1,
    }
    env = {
        **os.environ,
        "ENVSPEC_PARAMETERS": json.dumps(params),
        "ENVSPEC_SOLUTION": str(solution),
        "ENVSPEC_RESULT": str(tmp_path / "result.json"),
        "ENVSPEC_ASSET_HIDDEN": str(hidden),
        "PYTHONPATH": f"{scoring}:{KIT}",
        "PATH": f"/usr/bin:/bin:{os.environ['PATH']}",
    }
    subprocess.run([sys.executable, str(scoring / "score.py")], env=env, check=True, timeout=600)
    return dict(json.loads((tmp_path / "result.json").read_text()))


#: a scaffold's first lines that write malformed protocol lines to every descriptor it has
ABUSE = r"""import os


def _junk(name):
    lines = [
        '{"answer": [], "code": "x"}',  # a list for a name
        '{"answer": "%s", "code": "\\ud800 fn main() {}"}' % name,  # a lone surrogate
        '{"ask": 1, "body": {"messages": [], "max_tokens": 1e999}}',  # an infinite max_tokens
        '{"ask": [2], "body": null}',
        "[" * 5000,  # nested past the JSON parser's depth (0.5.1's scorer crashed on it)
    ]
    return ("\n".join(lines) + "\n").encode()
"""
JUNK_CALL = """
    for fd in range(3, 12):
        try:
            os.write(fd, _junk(problem["name"]))
        except OSError:
            pass
"""


@needs_root
@needs_rustc
@pytest.mark.usefixtures("interpreter_for_run_users")
def test_the_judge_solves_with_the_references_and_enforces_its_limits(tmp_path: Path) -> None:
    _builder().build(
        tmp_path / "sets", AssetSecret(os.urandom(32), "fresh"), only=list(_builder().SMALL_BANK)
    )
    hidden = tmp_path / "sets" / "hidden"
    names = sorted(p.stem for p in hidden.glob("*.json"))
    references = {n: (BANK / n / "solution.rs").read_text() for n in names}
    broken = {  # each breaks one limit of the judge's, the rest are the references
        # it also moves the folder it runs in and leaves a link in its place: the next
        # problem is judged all the same (0.5.1's judge made each in one fixed folder)
        names[0]: "fn main() { let d = std::env::current_dir().unwrap(); "
        'let _ = std::fs::rename(&d, d.with_file_name("q")); '
        'let _ = std::os::unix::fs::symlink("x", &d); '
        "let mut x: u64 = 0; loop { x = x.wrapping_add(1); } }\n",
        names[1]: 'fn main() { let v = vec![7u8; 1 << 30]; println!("{}", v[5]); }\n',
        names[2]: 'fn main() { for _ in 0..3_000_000 { println!("spam"); } }\n',
        names[3]: 'const Z: &[u8] = include_bytes!("/dev/zero");\nfn main() {}\n',  # rustc's memory
        names[4]: 'fn main() { std::process::Command::new("sh").spawn().unwrap(); }\n',
    }
    scaffold = "SOURCES = {!r}\n\nasync def generate_solution(client, semaphore, problem):\n"
    scaffold += "    return SOURCES.get(problem['name'], '')\n"

    good = _score_on_host(tmp_path / "good", scaffold.format(references), hidden)
    assert good["valid"] and good["score"] == 1.0, good
    assert json.loads(str(good["message"])) == {
        "n_successes": 6, "n_problems": 6, "standard_error": 0.0
    }  # fmt: skip

    bad = _score_on_host(tmp_path / "bad", scaffold.format({**references, **broken}), hidden)
    verdicts = bad["details"]["verdicts"]  # type: ignore[index]
    assert verdicts[names[0]] == "time limit"
    assert verdicts[names[1]] == "runtime error"  # 256 MB of address space
    assert verdicts[names[2]] == "output limit"
    assert verdicts[names[3]] == "compile error"  # stopped by its address-space limit
    assert verdicts[names[4]] in ("runtime error", "wrong answer")
    assert verdicts[names[5]] == "solved"
    assert bad["score"] == pytest.approx(1 / 6)

    # a scaffold that writes malformed lines into the protocol (a list for a name, a lone
    # surrogate in a program, an unbounded request) and then the references: scored as usual
    abuse = ABUSE + scaffold.format(references).replace(
        "semaphore, problem):\n", "semaphore, problem):\n" + JUNK_CALL
    )
    abused = _score_on_host(tmp_path / "abuse", abuse, hidden)
    assert abused["valid"], abused
    # each problem's surrogate program came before its reference (the protocol was reached)
    # and counts, replaced; the malformed lines crashed nothing
    verdicts = abused["details"]["verdicts"]  # type: ignore[index]
    assert set(verdicts.values()) == {"compile error"}


def test_the_model_measure_estimates_pass_at_k_and_picks_as_the_reference() -> None:
    """builder/measure_model.py's arithmetic: the unbiased pass@k, and the reference's pick
    (the first of its samples that passes the examples, else the first that compiles)."""
    measure = load_module(ENV / "builder" / "measure_model.py", "rs")
    assert measure.pass_at_k(8, 0, 4) == 0.0
    assert measure.pass_at_k(8, 8, 1) == 1.0
    assert measure.pass_at_k(8, 2, 1) == pytest.approx(0.25)
    assert measure.pass_at_k(8, 2, 4) == pytest.approx(1 - (6 * 5 * 4 * 3) / (8 * 7 * 6 * 5))
    assert measure.pass_at_k(8, 5, 4) == 1.0  # fewer than 4 wrong: any 4 hold a right one

    def sample(compiles: bool, examples: bool, solves: bool) -> dict[str, bool]:
        return {"compiles": compiles, "examples": examples, "solves": solves}

    wrong, lucky, right = (
        sample(True, False, False),
        sample(True, False, True),
        sample(True, True, True),
    )
    broken, overfit = sample(False, False, False), sample(True, True, False)
    n = measure.reference.SAMPLES
    assert measure._reference_kind([broken, right] + [broken] * (n - 2))
    assert not measure._reference_kind([overfit, right] + [broken] * (n - 2))
    # nothing passes the examples: the first that compiles is kept, whatever it solves
    assert measure._reference_kind([broken, lucky] + [wrong] * (n - 2))
    assert not measure._reference_kind([wrong, lucky] + [wrong] * (n - 2))
    # a sample past the reference's count is never its pick
    assert not measure._reference_kind([broken] * n + [right])


@pytest.mark.skipif(not shutil.which("rustc"), reason="rustc (scripts/bootstrap)")
def test_the_model_measure_generates_with_transformers_where_llamacpp_is_not(
    tmp_path: Path,
) -> None:
    """measure_model.py --engine transformers (the lent GPU's path; here on the CPU, with the
    packaged SmolLM2): every problem of a built set gets its samples, the greedy one first,
    each counted in tokens of prompt and answer, and the figures come by rating too."""
    from envspec.assets.models import build_model

    builder = _builder()
    builder.build(tmp_path / "sets", AssetSecret(os.urandom(32), "fresh"), only=["broken-stairs"])
    build_model(
        "smollm2-135m-instruct",
        tmp_path / "model",
        cache=Path.home() / ".cache" / "envspec-tests" / "wheels",
    )
    gguf = next((tmp_path / "model").glob("*.gguf"))
    out = tmp_path / "report.json"
    argv = [sys.executable, str(ENV / "builder" / "measure_model.py"), str(gguf)]
    argv += ["--out", str(out), "--set", str(tmp_path / "sets" / "hidden"), "--samples", "4"]
    argv += ["--engine", "transformers", "--max-tokens", "8", "--max-rating", "2000"]
    subprocess.run(argv, check=True, capture_output=True, timeout=600)
    report = json.loads(out.read_text())
    samples = report["per_problem"]["broken-stairs"]
    assert [s["i"] for s in samples] == [0, 1, 2, 3]
    # one prompt (the statement: over a hundred tokens) and 1 to 8 tokens of answer each
    tokens = [s["tokens"] for s in samples]
    assert min(tokens) > 100 and max(tokens) - min(tokens) < 8
    answers = json.loads(out.with_suffix(".answers.json").read_text())
    assert sorted(a[3] for a in answers) == sorted(tokens)
    assert not any(s["solves"] for s in samples)  # eight tokens of SmolLM2 solve nothing
    assert report["summary"]["by_rating"]["1000"]["problems"] == 1
    assert report["summary"]["pass@4"]["mean"] == 0.0


@pytest.mark.skipif(not shutil.which("rustc"), reason="rustc (scripts/bootstrap)")
def test_the_reference_scaffold_keeps_the_first_program_that_passes_the_examples() -> None:
    """reference/scaffold.py with canned answers in place of the model (its choice is what is
    tested; the model's quality is measured by builder/measure_model.py): a broken program and
    one that fails the examples are passed over, and the template for reading input is in the
    prompt every answer is asked with."""
    sys.path.insert(0, str(ENV / "task" / "solution"))
    try:
        ref = load_module(ENV / "reference" / "scaffold.py", "rs_reference")
    finally:
        sys.path.remove(str(ENV / "task" / "solution"))
    record = _builder().record(_bank_check().load_problem(BANK / "candle-contest"), [])
    right = (BANK / "candle-contest" / "solution.rs").read_text()
    answers = [
        '```rust\nfn main() { let x: u32 = "a"; }\n```',  # does not compile
        '```rust\nfn main() { println!("1 1"); }\n```',  # compiles, fails example 1
        f"Here it is:\n```rust\n{right}```\nIt counts the tallest candles.",
        "```rust\nfn main() {}\n```",
    ]
    asked: list[list[dict[str, str]]] = []

    class Completions:
        async def create(self, messages: list[dict[str, str]], **_: object) -> object:
            asked.append(messages)
            message = SimpleNamespace(content=answers[len(asked) - 1])
            return SimpleNamespace(choices=[SimpleNamespace(message=message)])

    client = SimpleNamespace(chat=SimpleNamespace(completions=Completions()))
    problem = {k: record[k] for k in ("name", "title", "description", "public_tests")}
    source = asyncio.run(ref.generate_solution(client, asyncio.Semaphore(1), problem))
    assert source.strip() == right.strip()
    assert len(asked) == 3  # it stops at the first program that passes
    assert all("read_to_string" in m[0]["content"] for m in asked)
