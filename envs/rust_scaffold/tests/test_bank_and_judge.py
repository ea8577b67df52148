"""rust_scaffold on this host: the bank is sound; the split and the hidden tests come from the
operator's secret; the judge (Debian's rustc, as an untrusted uid) solves with the references and
gives each broken program the verdict of the limit it breaks."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

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


def test_the_split_and_the_hidden_tests_come_from_the_secret(tmp_path: Path) -> None:
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
        names[0]: "fn main() { let mut x: u64 = 0; loop { x = x.wrapping_add(1); } }\n",
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
