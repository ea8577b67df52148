"""envspec calibrate on the tiny fixture, and the slim-layout path a GPU node uses."""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from envspec.models.reference import Reference
from envspec.oci.layout import LayoutStore
from envspec.oci.pull import pull_environment, shared_layers
from envspec.runtime import runs, runstore
from envspec.runtime.calibrate import calibrate, update_manifest
from envspec.schema import load_manifest
from tests.support.fixtures import edit_env

pytestmark = [pytest.mark.integration, pytest.mark.usefixtures("python_base")]


def test_calibrate_and_update_the_manifest(tiny_env: Path) -> None:
    figures = calibrate(tiny_env, "lite", repeats=2, backend="docker")
    assert figures["starting"]["scores"] == [42.0, 42.0]
    assert figures["reference"]["scores"] == [0.0, 0.0]
    norm = figures["normalisation"]
    assert (norm["starting"], norm["reference"]) == (42.0, 0.0)
    assert norm["provenance"]["repeats"] == 2 and norm["provenance"]["spread"]["starting"] == 0
    assert "docker backend" in norm["provenance"]["notes"]
    # the last scoring is the run's final one: no scoring made that the figures leave out
    for role in ("starting", "reference"):
        (run_id,) = figures[role]["runs"]
        records = runs.score_log(runstore.load(run_id)).records()
        assert [r.kind for r in records] == ["intermediate", "final"]

    update_manifest(tiny_env, "lite", norm)
    text = (tiny_env / "envspec.yaml").read_text()
    assert text.startswith("# A tiny environment")  # comments survive
    loaded = load_manifest(tiny_env).variant("lite").normalisation
    assert loaded is not None and loaded.provenance.repeats == 2


@pytest.mark.skipif(os.geteuid() != 0, reason="user separation needs root")
def test_local_backend_runs_from_a_slim_layout(publish: Callable[..., str], tmp_path: Path) -> None:
    ref = Reference.parse(publish())
    slim = tmp_path / "slim"
    pull_environment(ref, into=f"oci:{slim}", slim=True, lock_path=None)
    store = LayoutStore(slim)
    source = LayoutStore(Path(ref.store or ""))  # the embedded store it came from
    tagged = json.loads((slim / "index.json").read_text())["manifests"]
    assert len(tagged) == 3  # agent, scorer, environment artifact
    base = shared_layers(
        source,
        [
            (ref.repository, _digest(source, ref.repository, "0.1.0")),
            (ref.scorer_repository, _digest(source, ref.scorer_repository, "0.1.0")),
        ],
    )
    assert base and not any(store.has_blob("", d) for d in base)  # the base stayed behind

    run = runs.start_run(f"oci:{slim}:{ref.repository}:0.1.0", backend="local")
    runs.put_files(run.id, {"answer.txt": b"42\n"})
    assert runs.score_run(run.id).record.score == 0.0
    assert runs.finish_run(run.id)["isolation"] == "user"


def _digest(store: LayoutStore, repo: str, tag: str) -> str:
    found = store.head_manifest(repo, tag)
    assert found is not None
    return found


def test_trainings_and_extra_solutions(tiny_env: Path) -> None:
    """Each training is a fresh run prepared anew; an extra solution is scored and normalised."""
    (tiny_env / "close").mkdir()
    (tiny_env / "close" / "answer.txt").write_text("40\n")

    def edit(data: dict[str, Any]) -> None:
        # a "training" whose outcome varies from run to run: 41, 42 or 43
        train = "echo $((41 + $(od -An -N1 -tu1 /dev/urandom) % 3)) > answer.txt"
        data["calibration"] = {
            "prepare": {"reference": ["sh", "-c", train]},
            "extra": {"close": {"files": "close", "description": "answers 40"}},
        }

    edit_env(tiny_env, edit)
    seen: list[tuple[str, int]] = []
    figures = calibrate(
        tiny_env,
        "lite",
        repeats=2,
        trainings=2,
        backend="docker",
        on_score=lambda role, i, record: seen.append((role, i)),
    )
    ref = figures["reference"]
    assert len(ref["trainings"]) == 2 and all(
        len(t) == 2 and t[0] == t[1] for t in ref["trainings"]
    )
    assert len(set(ref["runs"])) == 2 and ref["spread"] == 0.0
    assert set(ref["scores"]) <= {0.0, 1.0}
    assert "trainings" not in figures["starting"] and len(figures["starting"]["runs"]) == 1
    assert seen.count(("reference", 3)) == 1  # scorings numbered across the trainings
    prov = figures["normalisation"]["provenance"]
    assert prov["trainings"] == 2 and "reference" in prov["spread_between_trainings"]
    starting, reference = (
        figures["normalisation"]["starting"],
        figures["normalisation"]["reference"],
    )
    assert figures["close"]["median"] == 2.0
    assert prov["extra"]["close"]["raw"] == 2.0
    assert prov["extra"]["close"]["normalised"] == round((starting - 2) / (starting - reference), 6)
    update_manifest(tiny_env, "lite", figures["normalisation"])
    loaded = load_manifest(tiny_env).variant("lite").normalisation
    assert loaded is not None and loaded.provenance.trainings == 2
    assert loaded.provenance.extra["close"][0] == 2.0


def test_a_solution_that_scores_invalid_stops_its_run_without_a_final_scoring(
    tiny_env: Path,
) -> None:
    """The calibration fails with the scorer's reason, and the run it failed in is stopped at
    once: no final scoring of a solution already known invalid (minutes on a GPU)."""
    from envspec.runtime.calibrate import CalibrationFailed

    (tiny_env / "garbled").mkdir()
    (tiny_env / "garbled" / "answer.txt").write_text("forty-two\n")

    def edit(data: dict[str, Any]) -> None:
        data["calibration"] = {"extra": {"garbled": {"files": "garbled", "description": "words"}}}

    edit_env(tiny_env, edit)
    seen: list[str] = []
    with pytest.raises(CalibrationFailed, match=r"garbled solution scored invalid: answer\.txt"):
        calibrate(
            tiny_env,
            "lite",
            repeats=2,
            backend="docker",
            on_score=lambda role, i, record: seen.append(role),
        )
    assert seen == ["starting", "starting", "reference", "reference", "garbled"]
    last = max(runstore.all_runs(), key=lambda r: r.created_at)
    assert last.status == "finished"
    assert [r.kind for r in runs.score_log(last).records()] == ["intermediate"]


def test_an_update_restates_the_normalised_scores_under_the_new_normalisation() -> None:
    """The calibration file written with --update agrees with the manifest it updated: its
    solutions normalise to 0 and 1 there; what the old manifest gave is kept beside."""
    from envspec.runtime.calibrate import restate_normalised

    figures = {
        "starting": {"median": 8.0, "normalised": 0.1},
        "reference": {"median": 6.0, "normalised": 0.8},
        "strong": {"median": 5.0, "normalised": 1.2},
        "normalisation": {"starting": 8.0, "reference": 6.0},
    }
    restate_normalised(figures)
    assert [figures[r]["normalised"] for r in ("starting", "reference", "strong")] == [0, 1, 1.5]
    assert str(figures["starting"]["normalised"]) == "0.0"  # never "-0.0"
    assert figures["reference"]["normalised_before_update"] == 0.8


def test_update_refuses_a_reference_that_does_not_beat_the_starting_solution(
    tiny_env: Path,
) -> None:
    """With direction maximise, tiny's reference (0) is worse than its starting answer (42):
    --update says so, exits with a usage error, keeps the figures and leaves the manifest as it
    was (a normalisation the schema would refuse is never written)."""
    import subprocess
    import sys

    def maximise(manifest: dict[str, Any]) -> None:
        manifest["scoring"]["direction"] = "maximise"
        del manifest["variants"]["lite"]["normalisation"]

    edit_env(tiny_env, maximise)
    before = (tiny_env / "envspec.yaml").read_text()
    argv = [sys.executable, "-m", "envspec.cli.main", "calibrate", str(tiny_env)]
    argv += ["--variant", "lite", "--repeats", "1", "--backend", "docker", "--update"]
    done = subprocess.run(argv, capture_output=True, text=True, timeout=600)
    assert done.returncode == 2, done.stderr
    assert "does not beat it, so the normalisation is not written" in done.stderr
    assert (tiny_env / "envspec.yaml").read_text() == before
    figures = json.loads((tiny_env / "calibration" / "lite.json").read_text())
    assert figures["reference"]["scores"] == [0.0]


def test_a_calibration_in_parts(tiny_env: Path, tmp_path: Path) -> None:
    """--only scores the named solution alone (a GPU session each, where a scoring outlasts a
    lent machine): such figures write no normalisation, and --update with them alone is
    refused before any run, as a misspelt solution is. A later part scores the other solution
    and takes the earlier figures (--figures-from), of the same build only, for the
    normalisation."""
    import subprocess
    import sys

    argv = [sys.executable, "-m", "envspec.cli.main", "calibrate", str(tiny_env)]
    argv += ["--variant", "lite", "--repeats", "1", "--backend", "docker"]
    before = (tiny_env / "envspec.yaml").read_text()
    runs_before = {r.id for r in runstore.all_runs()}
    for extra, why in (
        (["--only", "reference", "--update"], "--update needs figures of both the starting"),
        (["--only", "refrence"], "lite has no solution refrence"),
    ):
        refused = subprocess.run(argv + extra, capture_output=True, text=True, timeout=600)
        assert refused.returncode == 2 and why in refused.stderr, refused.stderr
    assert {r.id for r in runstore.all_runs()} == runs_before  # refused before any run
    done = subprocess.run(
        [*argv, "--only", "reference"], capture_output=True, text=True, timeout=600
    )
    assert done.returncode == 0, done.stderr
    assert "normalisation: none" in done.stdout
    figures = json.loads((tiny_env / "calibration" / "lite.json").read_text())
    assert figures["reference"]["scores"] == [0.0] and "starting" not in figures
    assert "normalisation" not in figures and figures["provenance"]["repeats"] == 1
    assert "docker backend" in figures["provenance"]["notes"]
    assert "@sha256:" in figures["build"]  # the build, by digest
    assert (tiny_env / "envspec.yaml").read_text() == before

    part = tmp_path / "reference.json"
    part.write_text(json.dumps(figures))
    other = tmp_path / "other-build.json"
    other.write_text(json.dumps({**figures, "build": figures["build"][:-6] + "000000"}))
    refused = subprocess.run(
        [*argv, "--only", "starting", "--figures-from", str(other), "--update"],
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert refused.returncode == 2 and "another build" in refused.stderr, refused.stderr
    done = subprocess.run(
        [*argv, "--only", "starting", "--figures-from", str(part), "--update"],
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 0, done.stderr
    whole = json.loads((tiny_env / "calibration" / "lite.json").read_text())
    assert whole["starting"]["scores"] == [42.0]
    # built anew into another scratch store: the same build (digest)
    assert whole["build"].rpartition("@")[2] == figures["build"].rpartition("@")[2]
    assert whole["reference"]["runs"] == figures["reference"]["runs"]  # taken, not scored again
    norm = load_manifest(tiny_env).variant("lite").normalisation
    assert norm is not None and (norm.starting, norm.reference) == (42.0, 0.0)
    assert "reference scored earlier" in (norm.provenance.notes or "")

    # parts scored side by side (one lent machine): combined without a run; a solution in two
    # parts is refused
    start = tmp_path / "starting.json"
    keys = ("environment", "variant", "build", "starting")
    start.write_text(
        json.dumps({**{k: whole[k] for k in keys}, "provenance": figures["provenance"]})
    )
    (tiny_env / "envspec.yaml").write_text(before)
    runs_before = {r.id for r in runstore.all_runs()}
    both = ["--figures-from", str(part), "--figures-from", str(start), "--update"]
    twice = subprocess.run(
        [*argv, *both, "--figures-from", str(part)], capture_output=True, text=True, timeout=600
    )
    assert twice.returncode == 2 and "reference is in two" in twice.stderr, twice.stderr
    done = subprocess.run([*argv, *both], capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr
    assert {r.id for r in runstore.all_runs()} == runs_before  # nothing scored again
    combined = json.loads((tiny_env / "calibration" / "lite.json").read_text())
    assert combined["build"] == figures["build"]
    assert combined["starting"]["runs"] == whole["starting"]["runs"]
    norm = load_manifest(tiny_env).variant("lite").normalisation
    assert norm is not None and (norm.starting, norm.reference) == (42.0, 0.0)


def test_update_refusal_follows_the_direction() -> None:
    from envspec.runtime.calibrate import update_refusal

    figures = {"normalisation": {"starting": 1.0, "reference": 2.0}}
    assert update_refusal(figures, "maximise") is None
    assert update_refusal(figures, "minimise") is not None


def test_a_hidden_score_keeps_the_scorers_details_out_of_the_public_notes() -> None:
    from envspec.runtime.calibrate import notes

    figures = {"starting": {"backend": "docker", "isolation": "container"}}
    details = {"optimum": 5.1008, "loss_of_answer": 5.27}
    assert "optimum=5.1008" in notes(figures, details, hidden=False)
    hidden = notes(figures, details, hidden=True)
    assert "5.1008" not in hidden and "5.27" not in hidden and "withheld" in hidden


def test_the_public_notes_keep_only_the_details_numbers() -> None:
    """Scorer details are operator-only: text, lists and mappings may name hidden things (two
    calibration files of rust_scaffold 0.2.0 carried its hidden problems' names this way)."""
    from envspec.runtime.calibrate import notes

    figures = {"starting": {"backend": "docker", "isolation": "container"}}
    details = {
        "verdicts": {"hidden-problem-name": "solved"},
        "answers": ["a hidden answer"],
        "best": "hidden-problem-name",
        "judge_seconds": 17.8,
        "isolated": True,
        "solved": 3,
    }
    shown = notes(figures, details, hidden=False)
    assert "hidden" not in shown
    assert "judge_seconds=17.8" in shown and "isolated=True" in shown and "solved=3" in shown
