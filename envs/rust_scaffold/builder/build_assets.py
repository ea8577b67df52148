"""Build rust_scaffold's problem sets from the bank and push them as assets.

    python envs/rust_scaffold/builder/build_assets.py OUT [--registry host:port|oci:PATH]
        [--secret-file PATH] [--only SLUG,...]

The bank (``bank/``: statements, examples, generators, references) is public; what is secret
is which problems are hidden and what their tests are. Both come from the operator's secret
(``envspec.assets.secret``): the problems are ordered by a keyed hash of their names, the first
``VISIBLE`` of that order are the visible set and the rest the hidden one, and each hidden test
is drawn by the problem's generator from a seed derived from the secret. Visible problems'
tests come from a public seed (the agent has them anyway). Expected outputs are the Python
reference's (``bank_check.py`` checks it agrees with the Rust one on every problem).

Assets (one JSON file a problem: name, title, rating, description, public_tests, tests):

- ``visible``: the visible problems, their tests included (the agent's, for development);
- ``hidden-lite``: lite's hidden set, ``LITE_HIDDEN``'s count of hidden problems of each
  rating it names, first in the hidden order: where lite's CPU model solves something, and
  the reference scaffold lands in the issue's band (``calibration/``);
- ``hidden``: every hidden problem (standard's).

Prints the pinned references (JSON) that ``envspec.yaml`` names, and where the secret came from
(never the secret). Same bank and secret: same bytes, same digests.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from envspec.assets.secret import AssetSecret, load_secret
from envspec.models.reference import RegistryTarget
from envspec.oci.assets import push_asset

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
import bank_check  # noqa: E402 (this folder's tool)

#: the sets of the 320-problem bank; 2.0.0: hidden-lite the 16 easiest (all rated 800);
#: 2.1.0: hidden-lite nine 800, seven 900 (the reference solved 0.25 and 0.31 of the easiest)
VERSION = "2.1.0"
#: how many problems the agent sees (the rest are hidden)
VISIBLE = 100
#: lite's hidden set: rating -> how many hidden problems of it (calibration/lite-0.2.0*.json:
#: the reference solved 0.25-0.31 of sixteen rated 800, above the issue's 0.10-0.20;
#: model-on-lite-candidates.json: 9 + 7 estimated at 0.13; lite.json: 0.125 through the runtime)
LITE_HIDDEN = {800: 9, 900: 7}
#: tests a problem gets (the examples are judged too)
HIDDEN_TESTS = 12
VISIBLE_TESTS = 12
PUBLIC_SEED = "rust_scaffold/visible-tests"
#: a small, fixed bank (three visible, six hidden with --only): the tests' sets
SMALL_BANK = (
    "angle-of-the-hands",
    "archipelago-count",
    "balance-beam-point",
    "best-sales-week",
    "broken-stairs",
    "bracket-flips",
    "merged-bookings",
    "tolerance-groups",
    "widest-gap-on-the-road",
)
SETS = {
    "visible": "rust_scaffold-visible",
    "hidden-lite": "rust_scaffold-lite-hidden",
    "hidden": "rust_scaffold-hidden",
}


def describe(problem: bank_check.Problem) -> str:
    """What the scaffold is given as the problem's text: the statement and its examples."""
    parts = [problem.statement.rstrip(), "", "## Examples"]
    for i, ex in enumerate(problem.examples, 1):
        parts += [f"### Input {i}", "```", ex.input.rstrip("\n"), "```"]
        parts += [f"### Output {i}", "```", ex.output.rstrip("\n"), "```"]
    return "\n".join(parts) + "\n"


def order(slugs: list[str], secret: AssetSecret) -> list[str]:
    """The problems in the secret's order (which are hidden is its first decision)."""
    return sorted(slugs, key=lambda s: secret.derive(f"rust_scaffold/split/{s}"))


def lite_set(hidden: list[str], problems: dict[str, bank_check.Problem]) -> list[str]:
    """Lite's hidden problems: for each rating of ``LITE_HIDDEN``, its count of the hidden
    problems of that rating, in the hidden (the secret's) order. Fewer where the bank has
    fewer (a small bank's tests)."""
    chosen = []
    for rating, count in LITE_HIDDEN.items():
        chosen += [s for s in hidden if problems[s].rating == rating][:count]
    return chosen


def tests_of(problem: bank_check.Problem, count: int, seed: str) -> list[dict[str, str]]:
    """``count`` tests from the problem's generator, expected outputs from its Python reference
    (``bank_check.make_tests``, in a process of its own under a fixed hash seed: the same bank
    and seed, the same tests, whatever process asks)."""
    return bank_check.make_tests_apart(problem.path, count, seed)


def record(problem: bank_check.Problem, tests: list[dict[str, str]]) -> dict[str, Any]:
    """A problem as the scorer and the agent read it (CodeContests' field names)."""
    return {
        "name": problem.slug,
        "title": problem.title,
        "rating": problem.rating,
        "description": describe(problem),
        "public_tests": {
            "input": [ex.input for ex in problem.examples],
            "output": [ex.output for ex in problem.examples],
        },
        "tests": tests,
    }


def build(
    out: Path,
    secret: AssetSecret,
    *,
    bank: Path = bank_check.BANK_DIR,
    only: list[str] | None = None,
) -> dict[str, Any]:
    """Write the three sets under ``out`` (a folder each); returns a report (counts, the
    secret's description)."""
    slugs = sorted(p.name for p in bank.iterdir() if (p / "meta.json").is_file())
    if only:
        slugs = [s for s in slugs if s in only]
    problems = {s: bank_check.load_problem(bank / s) for s in slugs}
    if any(p.has_checker for p in problems.values()):
        raise SystemExit("a problem with check.py: the judge compares tokens only")
    ordered = order(slugs, secret)
    visible_n = min(VISIBLE, len(ordered) // 3) if only else VISIBLE
    visible, hidden = ordered[:visible_n], ordered[visible_n:]
    sets = {"visible": visible, "hidden": hidden, "hidden-lite": lite_set(hidden, problems)}
    made: dict[str, dict[str, Any]] = {}
    for slug in visible:
        made[slug] = record(problems[slug], tests_of(problems[slug], VISIBLE_TESTS, PUBLIC_SEED))
    for slug in hidden:
        seed = secret.derive(f"rust_scaffold/tests/{slug}").hex()
        made[slug] = record(problems[slug], tests_of(problems[slug], HIDDEN_TESTS, seed))
    for name, members in sets.items():
        folder = out / name
        folder.mkdir(parents=True, exist_ok=True)
        for slug in members:
            text = json.dumps(made[slug], indent=1, sort_keys=True) + "\n"
            (folder / f"{slug}.json").write_text(text, encoding="utf-8")
    return {
        "problems": len(slugs),
        "sets": {name: len(members) for name, members in sets.items()},
        "secret": secret.describe(),
    }


def push(out: Path, target: RegistryTarget) -> dict[str, str]:
    """Push the folders :func:`build` made; set name -> pinned reference."""
    refs = {}
    for name, repo in SETS.items():
        pushed = push_asset(out / name, target, repo, VERSION)
        refs[name] = f"{target.namespace}/{pushed.reference.name}@{pushed.digest}"
    return refs


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("out", type=Path)
    parser.add_argument("--registry", default=None, help="host[:port][/ns] or oci:PATH")
    parser.add_argument(
        "--secret-file",
        type=Path,
        default=None,
        help="the secret the split and the hidden tests come from (default: "
        "$ENVSPEC_ASSET_SECRET, else a fresh one: the sets cannot then be rebuilt)",
    )
    parser.add_argument("--only", default=None, help="SLUG,... or 'small' (SMALL_BANK)")
    args = parser.parse_args()
    secret = load_secret(args.secret_file)
    only = list(SMALL_BANK) if args.only == "small" else args.only.split(",") if args.only else None
    report = build(args.out, secret, only=only)
    if args.registry is None:
        from envspec.constants import default_store_path

        target = RegistryTarget(store=str(default_store_path()))
    else:
        target = RegistryTarget.parse(args.registry)
    print(json.dumps({"assets": push(args.out, target), **report}, indent=2))


if __name__ == "__main__":
    main()
