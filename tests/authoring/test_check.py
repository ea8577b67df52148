"""`envspec check`: the unchanged template passes; each deliberately broken copy fails with
the finding that names its defect."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest

from envspec.authoring.check import check_environment
from envspec.authoring.exploits import (
    FILES,
    INVALID,
    NO_GAIN,
    SCRIPT,
    SOLUTION,
    find_exploits,
    gains,
)
from envspec.authoring.findings import CODES, ERROR, CheckReport
from envspec.errors import EnvspecError
from envspec.schema import load_manifest
from tests.support.fixtures import edit_env

#: the template scorer's copy of predictions.csv (the kit's, refusing links), and a broken one
KIT_COPY = "kit.copy_file(solution, PREDICTIONS, copied, max_bytes=MAX_BYTES)"
LINK_FOLLOWING_COPY = "copied.write_bytes((solution / PREDICTIONS).read_bytes())"


def replace(path: Path, old: str, new: str) -> None:
    text = path.read_text()
    assert old in text, f"{old!r} not in {path}"
    path.write_text(text.replace(old, new))


def codes(report: CheckReport) -> set[str]:
    return {f.code for f in report.findings}


# --- without building -----------------------------------------------------------------------------


def test_unchanged_template_has_no_findings(rendered: Path) -> None:
    report = check_environment(rendered, build=False)
    assert report.findings == [] and report.ok and not report.built


def test_missing_canary(fresh: Path) -> None:
    instructions = fresh / "task" / "instructions.md"
    instructions.write_text(instructions.read_text().replace("ENVSPEC-CANARY", "CANARY"))
    report = check_environment(fresh, build=False)
    assert codes(report) == {"canary-missing"} and not report.ok
    (found,) = report.findings
    assert found.severity == ERROR and found.where == "canary" and found.hint


@pytest.mark.parametrize(
    ("field", "code"),
    [
        ("hardware", "variant-hardware-missing"),
        ("budgets", "variant-budgets-missing"),
    ],
)
def test_variant_without_hardware_or_budgets(fresh: Path, field: str, code: str) -> None:
    edit_env(fresh, lambda m: m["variants"]["default"].pop(field))
    report = check_environment(fresh, build=False)
    assert codes(report) == {code}
    assert report.findings[0].where == f"variants.default.{field}"


def test_normalisation_without_provenance(fresh: Path) -> None:
    edit_env(fresh, lambda m: m["variants"]["default"]["normalisation"].pop("provenance"))
    report = check_environment(fresh, build=False)
    assert codes(report) == {"normalisation-without-provenance"}
    assert "envspec calibrate" in (report.findings[0].hint or "")


def test_other_manifest_problems_keep_their_stage(fresh: Path) -> None:
    edit_env(fresh, lambda m: m["scoring"].update(direction="maximise"))
    assert codes(check_environment(fresh, build=False)) == {"manifest-semantic"}
    (fresh / "envspec.yaml").write_text("name: [unclosed\n")
    assert codes(check_environment(fresh, build=False)) == {"manifest-parse"}


def test_normalisation_stale_against_the_last_calibration(fresh: Path) -> None:
    cal = fresh / "calibration" / "default.json"
    figures = json.loads(cal.read_text())
    figures["normalisation"]["reference"] = 0.05
    cal.write_text(json.dumps(figures))
    report = check_environment(fresh, build=False)
    assert codes(report) == {"normalisation-stale"}
    assert "reference 0.061378 vs 0.05" in report.findings[0].message
    # an older calibration elsewhere does not count; a newer one does
    older = {**figures, "normalisation": {**figures["normalisation"], "reference": 0.061378}}
    older["normalisation"]["provenance"] = {**older["normalisation"]["provenance"]}
    older["normalisation"]["provenance"]["date"] = "2020-01-01"
    (fresh / "calibration" / "old.json").write_text(json.dumps(older))
    assert codes(check_environment(fresh, build=False)) == {"normalisation-stale"}
    newer = json.loads(json.dumps(older))
    newer["normalisation"]["provenance"]["date"] = "2999-01-01"
    (fresh / "calibration" / "new.json").write_text(json.dumps(newer))
    report = check_environment(fresh, build=False)
    assert codes(report) == {"normalisation-stale"} and "date" in report.findings[0].message
    (fresh / "calibration" / "new.json").unlink()
    (fresh / "calibration" / "default.json").unlink()
    (fresh / "calibration" / "old.json").unlink()
    assert codes(check_environment(fresh, build=False)) == {"calibration-missing"}


def test_uncalibrated_uncapped_no_reference_no_exploits(fresh: Path) -> None:
    def edit(m: dict[str, object]) -> None:
        v = m["variants"]["default"]  # type: ignore[index]
        v.pop("normalisation")
        v["budgets"].pop("scorer_calls")

    edit_env(fresh, edit)
    for folder in ("reference", "exploits"):
        for p in (fresh / folder).iterdir():
            p.unlink()
    report = check_environment(fresh, build=False)
    assert codes(report) == {
        "normalisation-missing",
        "budget-scorer-calls-missing",
        "reference-missing",
        "exploits-missing",
    }
    assert [f.code for f in report.errors] == ["reference-missing"]


def test_unknown_variant_is_an_error(rendered: Path) -> None:
    with pytest.raises(EnvspecError, match="no variant 'defualt'") as info:
        check_environment(rendered, variants=["defualt"], build=False)
    assert "default" in (info.value.hint or "")


def test_exploit_convention(tmp_path: Path) -> None:
    root = tmp_path / "exploits"
    (root / "multi").mkdir(parents=True)
    (root / "multi" / "a.txt").write_text("a")
    (root / "cheat.sh").write_text("true")
    (root / "patch.py").write_text("x = 1")
    (root / "README.md").write_text("skipped")
    (root / ".hidden").write_text("skipped")
    found = [(e.name, e.kind) for e in find_exploits(tmp_path)]
    assert found == [("cheat", SCRIPT), ("multi", FILES), ("patch", SOLUTION)]
    assert {e.expect for e in find_exploits(tmp_path)} == {INVALID}


def test_the_no_gain_marker(tmp_path: Path) -> None:
    root = tmp_path / "exploits"
    root.mkdir()
    (root / "a.sh").write_text("# envspec-exploit: no-gain\n# why\ntrue\n")
    (root / "b.sh").write_text("#!/bin/sh\n\n#  envspec-exploit:   no-gain  \ntrue\n")
    (root / "c.sh").write_text("true\n# envspec-exploit: no-gain\n")  # not a leading comment
    (root / "d.sh").write_text("# the usual kind\ntrue\n")
    got = {e.name: e.expect for e in find_exploits(tmp_path)}
    assert got == {"a": NO_GAIN, "b": NO_GAIN, "c": INVALID, "d": INVALID}
    (root / "e.sh").write_text("# envspec-exploit: no-gian\ntrue\n")
    with pytest.raises(EnvspecError, match="unknown marker") as info:
        find_exploits(tmp_path)
    assert "no-gain" in (info.value.hint or "")


def test_what_a_no_gain_exploit_may_score(rendered: Path) -> None:
    # the template: minimise, starting 1.758954, reference 0.061378 (span 1.697576)
    manifest = load_manifest(rendered)
    v = manifest.variant("default")
    assert not gains(1.9, 1.758954, manifest, v)  # worse than the starting solution
    assert not gains(1.758954 - 0.04 * 1.697576, 1.758954, manifest, v)  # within the slack
    assert gains(1.758954 - 0.06 * 1.697576, 1.758954, manifest, v)
    assert gains(0.061378, None, manifest, v)  # against the normalisation's starting figure
    assert not gains(1.7, 1.6, manifest, v)  # the measured starting score is the baseline
    uncalibrated = dataclasses.replace(v, normalisation=None)
    assert gains(1.7, 1.75, manifest, uncalibrated)  # without normalisation: any gain counts
    assert not gains(1.75, 1.75, manifest, uncalibrated)
    assert gains(1.75, None, manifest, uncalibrated)  # nothing to compare with: refused


def test_every_code_is_documented() -> None:
    guide = (Path(__file__).resolve().parents[2] / "docs" / "authoring.md").read_text()
    assert [c for c in CODES if f"`{c}`" not in guide] == []


# --- building and running (the docker backend) ---------------------------------------------------


@pytest.mark.integration
@pytest.mark.usefixtures("python_base")
def test_unchanged_template_passes_the_full_check(rendered: Path) -> None:
    report = check_environment(rendered)
    assert report.built and report.findings == [], [str(f) for f in report.findings]
    trials = report.trials["default"]
    assert trials["starting"]["score"] == 1.758954 and trials["starting"]["valid"]
    assert trials["reference"]["score"] == 0.061378 and trials["reference"]["valid"]
    exploit = trials["exploit:symlink_labels"]
    assert exploit["valid"] is False and "link" in exploit["reason"]


@pytest.mark.integration
@pytest.mark.usefixtures("python_base")
def test_a_hidden_score_with_raw_figures_in_the_manifest(fresh: Path) -> None:
    edit_env(fresh, lambda m: m["scoring"].update(visibility="hidden"))
    report = check_environment(fresh, build=False)
    assert codes(report) == {"hidden-raw-normalisation"}
    assert "0.061378" in report.findings[0].message


def test_hidden_files_in_the_agent_image(fresh: Path) -> None:
    """Copied into the agent target, even when a later step deletes it: layers ship it."""
    replace(
        fresh / "Dockerfile",
        "USER agent\n",
        "COPY scoring/hidden/ /home/agent/hidden/\n"
        "COPY scoring/score.py /tmp/score.py\nRUN rm /tmp/score.py\nUSER agent\n",
    )
    report = check_environment(fresh)
    leaks = [f for f in report.findings if f.code == "hidden-file-in-agent-image"]
    assert {f.where for f in leaks} == {"/home/agent/hidden/test_labels.csv", "/tmp/score.py"}
    assert "scoring/hidden/test_labels.csv" in leaks[0].message + leaks[1].message
    assert not report.ok and codes(report) == {"hidden-file-in-agent-image"}


@pytest.mark.integration
@pytest.mark.usefixtures("python_base")
def test_reference_worse_than_starting(fresh: Path) -> None:
    (fresh / "reference" / "predictions.csv").write_text("y\n" + "0.0\n" * 100)
    report = check_environment(fresh)
    assert "reference-not-better" in codes(report) and not report.ok
    (found,) = [f for f in report.findings if f.code == "reference-not-better"]
    assert "minimise" in found.message and "lower" in found.message


@pytest.mark.integration
@pytest.mark.usefixtures("python_base")
def test_exploit_that_scores_valid(fresh: Path) -> None:
    """A scorer that follows links would read the hidden labels through the exploit's link,
    but the runtime hands scorers link-free snapshots: the link is refused before it runs. The
    other two kinds of exploit: a file (written as task.solution, predictions.csv) that
    scores, and a folder whose predictions.csv does not."""
    replace(fresh / "scoring" / "score.py", KIT_COPY, LINK_FOLLOWING_COPY)
    (fresh / "exploits" / "constant.csv").write_text("y\n" + "3.0\n" * 100)
    (fresh / "exploits" / "nan").mkdir()
    (fresh / "exploits" / "nan" / "predictions.csv").write_text("y\n" + "nan\n" * 100)
    report = check_environment(fresh)
    assert codes(report) == {"exploit-scores-valid"}, [str(f) for f in report.findings]
    flagged = {f.where for f in report.findings}
    assert flagged == {"exploits/constant.csv"}
    trials = report.trials["default"]
    assert trials["exploit:symlink_labels"]["valid"] is False
    assert "only regular files and folders" in trials["exploit:symlink_labels"]["reason"]
    assert trials["exploit:constant"]["note"] == "wrote constant.csv as predictions.csv"
    assert trials["exploit:nan"]["valid"] is False
    assert "not finite" in trials["exploit:nan"]["reason"]


@pytest.mark.integration
@pytest.mark.usefixtures("python_base")
def test_no_gain_exploits(fresh: Path) -> None:
    """A marked exploit may score valid if it gains nothing over the starting solution (here
    it runs the starting solution itself); one that writes the reference's answers gains, and
    is flagged even though it is marked."""
    answers = (fresh / "reference" / "predictions.csv").read_text()
    (fresh / "exploits" / "copy_answers.sh").write_text(
        "# envspec-exploit: no-gain\n# the reference's answers, written out\n"
        f"cat > predictions.csv <<'EOF'\n{answers}EOF\n"
    )
    (fresh / "exploits" / "start_again.sh").write_text(
        "# envspec-exploit: no-gain\n# the starting solution, run as an exploit\n"
        "python predict.py\n"
    )
    report = check_environment(fresh)
    assert codes(report) == {"exploit-gains"}, [str(f) for f in report.findings]
    (found,) = report.findings
    assert found.where == "exploits/copy_answers.sh" and found.severity == ERROR
    assert "starting solution's 1.758954" in found.message
    trials = report.trials["default"]
    again = trials["exploit:start_again"]
    assert again["valid"] and again["score"] == trials["starting"]["score"]
    assert trials["exploit:copy_answers"]["score"] == trials["reference"]["score"]
