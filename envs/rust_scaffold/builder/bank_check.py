"""Check the rust_scaffold problem bank: files, metadata, and both references on many tests.

    python envs/rust_scaffold/builder/bank_check.py [--bank DIR] [--tests N] [--seed S] [SLUG ...]
    python envs/rust_scaffold/builder/bank_check.py --fuzz SEEDS [--tests N] [SLUG ...]

For each problem (all of the bank, or the slugs named) it checks the files and meta.json, compiles
solution.rs with rustc (std only) into a private temporary folder, runs the examples through the
Python reference (solve.py) and the Rust one and compares both with the examples' outputs, then
generates N tests with gen.py and compares the two references on each (with check.py where the
problem has one, else token by token). It prints one line per problem and a summary, and exits 1
if any problem failed. ``--fuzz`` only runs each generator on SEEDS other seeds (a secret picks
the hidden tests' seeds, so a generator must not fail on any) and prints the failures.

Programs are compiled with the judge's flags and compared with the judge's comparison
(``task/solution/rust_tools.py``, the scorer's and the agent's own utilities); the builder
(build_assets.py) reuses load_problem, load_module and case_seed.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
import time
import types
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "task" / "solution"))
import rust_tools  # the judge's flags and comparison

BANK_DIR = Path(__file__).resolve().parents[1] / "bank"

REQUIRED_FILES = ("statement.md", "examples.json", "gen.py", "solve.py", "solution.rs", "meta.json")
OPTIONAL_FILES = ("check.py",)
SLUG_RE = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")
META_KEYS = {"title", "rating", "tags", "source", "licence", "author"}
MIN_RATING, MAX_RATING = 800, 1600
LIMITS_LINE = "Limits: 2 seconds CPU, 256 MB memory per test."

RUST_TIME_LIMIT_S = 1.0  # the reference must stay under this on every test
RUN_TIMEOUT_S = 10.0  # a run is stopped after this long (and reported)
COMPILE_TIMEOUT_S = 180.0
MAX_OUTPUT_BYTES = 64 * 1024
MAX_INPUT_BYTES = 2 * 1024 * 1024


class BankError(Exception):
    """A problem's files are missing or malformed, or a program could not be built."""


@dataclass(frozen=True)
class Example:
    input: str
    output: str


@dataclass(frozen=True)
class Problem:
    """One problem of the bank, as read from its folder (the Python files are not run here)."""

    slug: str
    path: Path
    title: str
    rating: int
    tags: tuple[str, ...]
    statement: str
    examples: tuple[Example, ...]
    has_checker: bool

    @property
    def solution_rs(self) -> Path:
        return self.path / "solution.rs"


@dataclass(frozen=True)
class RunResult:
    stdout: str
    stderr: str
    returncode: int  # -9 style negative values for signals; 124 when stopped for the timeout
    wall_s: float
    timed_out: bool


# ---------------------------------------------------------------- helpers


def run_program(
    argv: Sequence[str | os.PathLike[str]],
    stdin: str,
    timeout_s: float,
    cwd: str | os.PathLike[str] | None = None,
) -> RunResult:
    """Run argv (never through a shell) with stdin, stopping it after timeout_s seconds."""
    start = time.perf_counter()
    try:
        proc = subprocess.run(
            [os.fspath(a) for a in argv],
            input=stdin.encode(),
            capture_output=True,
            timeout=timeout_s,
            cwd=cwd,
            check=False,
        )
    except subprocess.TimeoutExpired as exc:
        return RunResult(
            stdout=_text(exc.stdout),
            stderr=_text(exc.stderr),
            returncode=124,
            wall_s=time.perf_counter() - start,
            timed_out=True,
        )
    return RunResult(
        stdout=_text(proc.stdout),
        stderr=_text(proc.stderr),
        returncode=proc.returncode,
        wall_s=time.perf_counter() - start,
        timed_out=False,
    )


def compile_rust(src: Path, out_dir: Path, timeout_s: float = COMPILE_TIMEOUT_S) -> Path:
    """Build src as the judge does (rust_tools.RUSTC_FLAGS) into out_dir/sol; BankError with
    rustc's messages if it does not build."""
    out = out_dir / "sol"
    res = run_program(
        ["rustc", *rust_tools.RUSTC_FLAGS, "-o", out, src.resolve()],
        "",
        timeout_s,
        cwd=out_dir,
    )
    if res.returncode != 0 or not out.exists():
        why = "timed out" if res.timed_out else res.stderr.strip()[-2000:]
        raise BankError(f"rustc failed: {why}")
    return out


def load_problem(path: Path) -> Problem:
    """Read and validate a problem folder's files (BankError listing every defect)."""
    path = Path(path)
    errors: list[str] = []
    slug = path.name
    if not SLUG_RE.match(slug):
        errors.append(f"bad slug {slug!r}")
    missing = [f for f in REQUIRED_FILES if not (path / f).is_file()]
    if missing:
        raise BankError(f"missing {', '.join(missing)}")
    extra = sorted(
        p.name
        for p in path.iterdir()
        if p.name not in REQUIRED_FILES + OPTIONAL_FILES and p.name != "__pycache__"
    )
    if extra:
        errors.append(f"unexpected files {', '.join(extra)}")

    meta = _read_json(path / "meta.json", errors)
    title, rating = "", 0
    tags: tuple[str, ...] = ()
    if not isinstance(meta, dict):
        errors.append("meta.json is not an object")
    else:
        title, rating, tags = _check_meta(meta, errors)

    statement = (path / "statement.md").read_text(encoding="utf-8")
    errors += statement_defects(statement, title)

    examples: list[Example] = []
    raw = _read_json(path / "examples.json", errors)
    if not isinstance(raw, list) or not 1 <= len(raw) <= 3:
        errors.append("examples.json must be a list of 1 to 3 examples")
    else:
        for i, ex in enumerate(raw):
            if (
                not isinstance(ex, dict)
                or set(ex) != {"input", "output"}
                or not all(isinstance(v, str) for v in ex.values())
            ):
                errors.append(f"example {i} is not {{input, output}} strings")
                continue
            if not ex["input"].endswith("\n"):
                errors.append(f"example {i}'s input does not end with a newline")
            examples.append(Example(ex["input"], ex["output"]))

    if errors:
        raise BankError("; ".join(errors))
    return Problem(
        slug=slug,
        path=path,
        title=title,
        rating=rating,
        tags=tags,
        statement=statement,
        examples=tuple(examples),
        has_checker=(path / "check.py").is_file(),
    )


def statement_defects(statement: str, title: str = "") -> list[str]:
    """What the statement lacks: the title line, the Input/Output sections, the limits line."""
    out: list[str] = []
    first = statement.lstrip("\ufeff").split("\n", 1)[0]
    if not first.startswith("# "):
        out.append("statement does not begin with '# <Title>'")
    elif title and first[2:].strip() != title:
        out.append("statement title differs from meta.json's")
    headings = {line.strip() for line in statement.splitlines()}
    out += [f"statement lacks '{h}'" for h in ("## Input", "## Output") if h not in headings]
    if LIMITS_LINE not in statement:
        out.append("statement lacks the limits line")
    return out


def load_module(path: Path) -> types.ModuleType:
    """Execute a Python file as a fresh module (no bytecode written next to it)."""
    mod = types.ModuleType(f"bank_{path.parent.name.replace('-', '_')}_{path.stem}")
    mod.__file__ = str(path)
    code = compile(path.read_text(encoding="utf-8"), str(path), "exec")
    exec(code, mod.__dict__)
    return mod


Checker = Callable[[str, str, str], bool]


def load_checker(problem: Problem) -> Checker | None:
    """check.py's check(inp, expected, got), or None for the token comparison."""
    if not problem.has_checker:
        return None
    fn = getattr(load_module(problem.path / "check.py"), "check", None)
    if not callable(fn):
        raise BankError("check.py has no check()")
    return _as_checker(fn)


def answer_ok(checker: Checker | None, inp: str, expected: str, got: str) -> bool:
    """Judge got against expected: with the problem's checker if any, else token by token.
    A checker that raises counts as a rejection."""
    if checker is None:
        return rust_tools.tokens_equal(expected, got)
    try:
        return bool(checker(inp, expected, got))
    except Exception:
        return False


def case_seed(seed: str, slug: str, index: int) -> str:
    """The seed of generated test `index` of a problem."""
    return f"{seed}/{slug}/{index}"


# ---------------------------------------------------------------- the check itself


@dataclass
class Report:
    slug: str
    rating: int = 0
    failures: list[str] | None = None
    rust_max_s: float = 0.0
    max_output: int = 0
    max_input: int = 0
    tests: int = 0

    def fail(self, why: str) -> None:
        if self.failures is None:
            self.failures = []
        if len(self.failures) < 6:  # keep the line readable
            self.failures.append(why)

    @property
    def ok(self) -> bool:
        return not self.failures


#: the hash seed tests are made under: a generator that iterates a set of strings (medal-table's
#: country codes) draws its tests in that set's order, which follows the process's hash seed
HASH_SEED = "0"


def make_tests(path: Path, count: int, seed: str) -> list[dict[str, str]]:
    """``count`` tests of the problem at ``path``: inputs from its generator (case seeds from
    ``seed``), expected outputs from its Python reference. In this process: see
    :func:`make_tests_apart` for tests that do not follow its hash seed."""
    gen = load_module(path / "gen.py").generate
    solve = load_module(path / "solve.py").solve
    tests = []
    for i in range(count):
        inp = gen(random.Random(case_seed(seed, path.name, i)), i)
        tests.append({"input": inp, "output": solve(inp)})
    return tests


def make_tests_apart(path: Path, count: int, seed: str) -> list[dict[str, str]]:
    """:func:`make_tests` in a process of its own under :data:`HASH_SEED` (here where this one
    runs under it already): the assets' tests, the same whichever process builds them."""
    if os.environ.get("PYTHONHASHSEED") == HASH_SEED:
        return make_tests(path, count, seed)
    child = (
        "import json, sys; sys.path.insert(0, sys.argv[1]); import bank_check; "
        "from pathlib import Path; "
        "print(json.dumps(bank_check.make_tests(Path(sys.argv[2]), int(sys.argv[3]), sys.argv[4])))"
    )
    here = str(Path(__file__).resolve().parent)
    made = subprocess.run(
        [sys.executable, "-c", child, here, str(path), str(count), seed],
        env={**os.environ, "PYTHONHASHSEED": HASH_SEED},
        capture_output=True,
        text=True,
    )
    if made.returncode != 0:
        raise RuntimeError(f"{path.name}'s tests could not be made:\n{made.stderr[-2000:]}")
    tests: list[dict[str, str]] = json.loads(made.stdout)
    return tests


def check_problem(path: Path, n_tests: int, seed: str) -> Report:
    report = Report(slug=path.name)
    try:
        problem = load_problem(path)
    except BankError as exc:
        report.fail(str(exc))
        return report
    report.rating = problem.rating
    tmp = Path(tempfile.mkdtemp(prefix=f"bank-{problem.slug}-"))
    try:
        _check_programs(problem, n_tests, seed, tmp, report)
    except BankError as exc:
        report.fail(str(exc))
    except Exception as exc:  # a reference that raises on import or on a test
        report.fail(f"{type(exc).__name__}: {exc}")
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return report


def _check_programs(problem: Problem, n_tests: int, seed: str, tmp: Path, report: Report) -> None:
    gen = getattr(load_module(problem.path / "gen.py"), "generate", None)
    solve = getattr(load_module(problem.path / "solve.py"), "solve", None)
    if not callable(gen) or not callable(solve):
        raise BankError("gen.py needs generate() and solve.py needs solve()")
    checker = load_checker(problem)
    binary = compile_rust(problem.solution_rs, tmp)
    work = tmp / "run"
    work.mkdir()

    def rust(inp: str, what: str) -> str | None:
        res = run_program([binary], inp, RUN_TIMEOUT_S, cwd=work)
        report.rust_max_s = max(report.rust_max_s, res.wall_s)
        report.max_output = max(report.max_output, len(res.stdout.encode()))
        if res.timed_out:
            report.fail(f"{what}: Rust timed out")
            return None
        if res.returncode != 0:
            report.fail(f"{what}: Rust exited {res.returncode}: {res.stderr.strip()[-200:]}")
            return None
        if res.wall_s > RUST_TIME_LIMIT_S:
            report.fail(f"{what}: Rust took {res.wall_s:.2f} s")
        if len(res.stdout.encode()) > MAX_OUTPUT_BYTES:
            report.fail(f"{what}: output {len(res.stdout.encode())} bytes")
        return res.stdout

    for i, ex in enumerate(problem.examples):
        py_out = str(solve(ex.input))
        if not answer_ok(checker, ex.input, ex.output, py_out):
            report.fail(f"example {i}: solve.py disagrees with the example")
        got = rust(ex.input, f"example {i}")
        if got is not None and not answer_ok(checker, ex.input, ex.output, got):
            report.fail(f"example {i}: Rust disagrees with the example")

    for i in range(n_tests):
        what = f"test {i}"
        inp = gen(random.Random(case_seed(seed, problem.slug, i)), i)
        if not isinstance(inp, str) or not inp.endswith("\n"):
            report.fail(f"{what}: generate() must return text ending with a newline")
            continue
        if gen(random.Random(case_seed(seed, problem.slug, i)), i) != inp:
            report.fail(f"{what}: generate() is not deterministic")
        size = len(inp.encode())
        report.max_input = max(report.max_input, size)
        if size > MAX_INPUT_BYTES:
            report.fail(f"{what}: input {size} bytes")
        py_out = str(solve(inp))
        if checker is not None and not answer_ok(checker, inp, py_out, py_out):
            report.fail(f"{what}: check.py rejects solve.py's own answer")
        got = rust(inp, what)
        report.tests += 1
        if got is not None and not answer_ok(checker, inp, py_out, got):
            report.fail(f"{what}: Rust and solve.py disagree")


# ---------------------------------------------------------------- small private helpers


def _text(data: bytes | str | None) -> str:
    if data is None:
        return ""
    if isinstance(data, str):
        return data
    return data.decode(errors="replace")


def _read_json(path: Path, errors: list[str]) -> Any:
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        errors.append(f"{path.name}: {exc}")
        return None


def _check_meta(meta: dict[str, Any], errors: list[str]) -> tuple[str, int, tuple[str, ...]]:
    if set(meta) != META_KEYS:
        errors.append(f"meta.json keys must be {sorted(META_KEYS)}")
    title = meta.get("title")
    if not isinstance(title, str) or not title.strip():
        errors.append("meta.json title must be a non-empty string")
        title = ""
    rating = meta.get("rating")
    if not isinstance(rating, int) or isinstance(rating, bool):
        errors.append("meta.json rating must be an integer")
        rating = 0
    elif not MIN_RATING <= rating <= MAX_RATING:
        errors.append(f"rating {rating} outside {MIN_RATING}..{MAX_RATING}")
    tags = meta.get("tags")
    if not isinstance(tags, list) or not tags or not all(isinstance(t, str) for t in tags):
        errors.append("meta.json tags must be a non-empty list of strings")
        tags = []
    for key, want in (("source", "original"), ("licence", "Apache-2.0"), ("author", "envspec")):
        if meta.get(key) != want:
            errors.append(f"meta.json {key} must be {want!r}")
    return title, rating, tuple(tags)


def _as_checker(fn: Callable[..., Any]) -> Checker:
    def check(inp: str, expected: str, got: str) -> bool:
        return bool(fn(inp, expected, got))

    return check


def band(rating: int) -> str:
    if rating <= 800:
        return "800"
    if rating <= 1100:
        return "900-1100"
    return "1200+"


def fuzz_generator(problem: Path, seeds: int, n_tests: int) -> list[str]:
    """What goes wrong when ``gen.py`` makes ``n_tests`` tests for each of ``seeds`` seeds."""
    gen = load_module(problem / "gen.py").generate
    failures = []
    for s in range(seeds):
        for i in range(n_tests):
            try:
                inp = gen(random.Random(case_seed(f"fuzz-{s}", problem.name, i)), i)
            except Exception as exc:  # any failure of the author's code is a finding
                failures.append(f"seed {s} test {i}: {exc!r}")
                continue
            if not isinstance(inp, str) or not inp.endswith("\n"):
                failures.append(f"seed {s} test {i}: not text ending with a newline")
    return failures


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    ap.add_argument("--bank", type=Path, default=BANK_DIR, help="the bank folder")
    ap.add_argument("--tests", type=int, default=12, help="generated tests per problem")
    ap.add_argument("--seed", default="bank-check", help="seed of the generated tests")
    ap.add_argument("--fuzz", type=int, metavar="SEEDS", help="only run the generators")
    ap.add_argument("slugs", nargs="*", help="problems to check (default: all)")
    args = ap.parse_args(argv)
    bank: Path = args.bank
    if args.slugs:
        dirs = [bank / s for s in args.slugs]
    else:
        dirs = sorted(p for p in bank.iterdir() if p.is_dir() and p.name != "__pycache__")
    if args.fuzz is not None:
        bad = 0
        for d in dirs:
            failures = (
                fuzz_generator(d, args.fuzz, args.tests) if d.is_dir() else ["no such problem"]
            )
            bad += bool(failures)
            for f in failures[:3]:
                print(f"{d.name}: {f}", flush=True)
        print(f"{len(dirs)} generators, {args.fuzz} seeds x {args.tests} tests: {bad} failed")
        return 1 if bad else 0
    if shutil.which("rustc") is None:
        print("rustc is not on PATH", file=sys.stderr)
        return 2
    reports: list[Report] = []
    for d in dirs:
        if not d.is_dir():
            rep = Report(slug=d.name)
            rep.fail("no such problem")
        else:
            rep = check_problem(d, args.tests, str(args.seed))
        reports.append(rep)
        status = "ok" if rep.ok else "FAIL " + "; ".join(rep.failures or [])
        print(
            f"{rep.slug:<34} {rep.rating:>4}  rust {rep.rust_max_s:6.3f}s"
            f"  out {rep.max_output:>6}B  {status}",
            flush=True,
        )
    failed = [r for r in reports if not r.ok]
    bands: dict[str, int] = {}
    for r in reports:
        if r.ok:
            bands[band(r.rating)] = bands.get(band(r.rating), 0) + 1
    spread = ", ".join(f"{k}: {bands.get(k, 0)}" for k in ("800", "900-1100", "1200+"))
    worst = max((r.rust_max_s for r in reports), default=0.0)
    print(
        f"{len(reports)} problems, {len(reports) - len(failed)} ok, {len(failed)} failed; "
        f"ratings of the ok ones {spread}; slowest Rust test {worst:.3f} s"
    )
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
