"""The run lifecycle: run → exec → score → finish, plus status, logs and garbage collection.

This is the Python API the CLI and harness adapters call. Every function re-reads the run's
record from the host, so any process may drive any run. ``gc`` reclaims what runs whose
starting process died, or whose deadline passed, left behind: ``start_run``, ``finish_run``
and ``envspec gc`` call it, never the per-command hot path (``exec``, ``put``, ``score``: a
run past its deadline is refused there by its budget, and its processes end by themselves).
Where a run may go and what it holds there is its backend's placement
(:mod:`envspec.runtime.placement`).
"""

from __future__ import annotations

import json
import logging
import os
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from envspec import __version__, constants, errors
from envspec.atomic import write_atomic
from envspec.errors import EnvspecError
from envspec.models.manifest import Manifest
from envspec.models.reference import Reference
from envspec.models.run import RunRecord
from envspec.models.score import ScoreRecord, ScorerOutput, final_raw_score
from envspec.runtime import budget, runstore, sandbox_uids, services, storage
from envspec.runtime.backends import get_backend
from envspec.runtime.backends.base import ExecResult, ScorerRun, StartSpec
from envspec.runtime.gpu import pid_alive
from envspec.runtime.placement import HostPlacement
from envspec.runtime.scorelog import ScoreLog
from envspec.runtime.status import LIVE

if TYPE_CHECKING:
    from envspec.oci.store import Access

log = logging.getLogger(__name__)


class RunNotActive(EnvspecError):
    """The run is not in a state that allows the action."""

    exit_code = errors.EXIT_NOT_NOW


def score_log(run: RunRecord) -> ScoreLog:
    """The run's score log (genesis = run id, so logs cannot be swapped between runs)."""
    return ScoreLog(runstore.run_dir(run.id) / "score.log", genesis=run.id)


# --- run ------------------------------------------------------------------------------------------


def start_run(
    reference: str,
    *,
    variant: str | None = None,
    backend: str | None = None,
    budgets: dict[str, str] | None = None,
    substitute: dict[str, tuple[str, ...]] | None = None,
    access: Access | None = None,
) -> RunRecord:
    """Resolve, pull, check the host, allocate GPUs and start the agent side.

    Raises:
        InvalidReference, NotFound, RegistryError: the environment cannot be resolved.
        HostCannotRun, GpuRequestImpossible, GpuBusy: the host cannot serve the variant.
        EngineError: the backend failed to start (nothing is left behind).
    """
    # imported here: pulling brings the registry client and the builder, which the commands
    # on a started run (exec, score, finish) never need and should not pay for at start-up
    from envspec.oci.pull import resolve

    gc()
    _, resolved = resolve(Reference.parse(reference), access=access)
    name = variant or next(iter(resolved.manifest.variants))
    # the run's record keeps the manifest as this variant serves its services
    manifest = resolved.manifest.as_run_of(name)
    v = manifest.variant(name)
    limits = budget.limits_for(v.budgets, budgets)
    be = get_backend(backend)
    placement = be.placement(substitute=substitute)
    placement.check(manifest, name, limits)  # before anything starts
    now = time.time()
    record = RunRecord(
        id=runstore.new_run_id(),
        reference=str(resolved.reference),
        environment=manifest.id,
        digests=resolved.to_dict()["digests"],
        variant=name,
        backend=be.name,
        isolation="unisolated",
        status="starting",
        created_at=now,
        limits=limits,
        manifest=manifest.to_dict(),
        owner_pid=os.getpid(),
        requested_gpu_models=tuple(v.hardware.gpu.models) if v.hardware.gpu else (),
    )
    runstore.create(record)
    try:
        prepared = be.prepare(resolved.reference, manifest, name)
        seat = placement.take(record.id, manifest, name)
        started = time.time()
        record = record.with_(
            started_at=started,
            # the GPU-hours budget ends the run as the wall clock does, whichever comes first
            deadline=started + limits.time_s(len(seat.gpus)),
            gpus=seat.gpus,
            backend_state=prepared.to_dict(),
        )
        runstore.save(record)
        isolation, state = be.start(
            StartSpec(record, manifest, prepared, seat.device_ids, env=variant_env(manifest, name))
        )
        record = record.with_(backend_state=state.to_dict())
        if be.schedules:
            placed = be.placed(state)
            record = record.with_(
                started_at=placed.started_at, deadline=placed.deadline, gpus=placed.gpus
            )
        runstore.save(record)
        _pause_for_tests("after-start")
        record = record.with_(status="running", owner_pid=None, isolation=isolation)
        runstore.save(record)
    except BaseException as e:
        _abandon(record, f"could not start: {e}")
        raise
    return record


def _abandon(record: RunRecord, note: str) -> None:
    """Undo a start: remove what the backend made, give back what placement gave, mark the run
    failed."""
    try:
        get_backend(record.backend).stop(record)
    finally:
        # this host's leases, whichever backend (a scheduler's placement holds none here)
        HostPlacement().release(record.id)
        runstore.save(
            record.with_(status="failed", owner_pid=None, note=note, finished_at=time.time())
        )


def _pause_for_tests(stage: str) -> None:
    # Lets the crash tests kill `envspec run` at a known point; inert unless the variable is set.
    if os.environ.get("ENVSPEC_TEST_PAUSE_AT") == stage:
        time.sleep(float(os.environ.get("ENVSPEC_TEST_PAUSE_S", "30")))


# --- exec -----------------------------------------------------------------------------------------


def exec_in_run(run_id: str, argv: list[str], *, timeout: float | None = None) -> ExecResult:
    """Run a command as the agent; it cannot outlive the deadline.

    Raises:
        UnknownRun, RunNotActive, BudgetExceeded.
    """
    run = active_run(run_id)
    remaining = (run.deadline or time.time()) - time.time()
    limit = remaining if timeout is None else min(timeout, remaining)
    return get_backend(run.backend).exec(run, argv, timeout=limit)


def put_files(run_id: str, files: dict[str, bytes]) -> None:
    """Write files into the agent's working directory, as the agent (paths relative to it).

    Raises:
        UnknownRun, RunNotActive, BudgetExceeded, EnvspecError (a write failed).
    """
    run = active_run(run_id)
    be = get_backend(run.backend)
    for path, data in files.items():
        remaining = (run.deadline or time.time()) - time.time()
        be.put_file(run, path, data, timeout=max(1.0, remaining))


def active_run(run_id: str) -> RunRecord:
    """The run, if the agent may still act in it.

    Raises:
        UnknownRun, RunNotActive, BudgetExceeded.
    """
    run = runstore.load(run_id)
    if run.status not in ("running", "expired"):
        raise RunNotActive(
            f"run {run_id} is {run.status}", hint="start a new run with `envspec run REF`"
        )
    budget.check_can_act(run)
    return run


# --- score ----------------------------------------------------------------------------------------


@dataclass(frozen=True)
class ScoreOutcome:
    """A scoring's log record, with what the agent may see of it."""

    record: ScoreRecord
    visibility: str
    normalised: float | None

    def agent_view(self) -> dict[str, Any]:
        """What the agent may see: hidden environments get validity and message only."""
        view = self.record.agent_view(self.visibility)
        if self.visibility == "visible":
            view["normalised"] = self.normalised
        return view


def score_run(run_id: str) -> ScoreOutcome:
    """Score the current solution (intermediate), within the run's budgets.

    Raises:
        UnknownRun, RunNotActive, BudgetExceeded; RunNotActive also when the environment
        does not allow intermediate scoring.
    """
    with runstore.locked(run_id):
        run = active_run(run_id)
        manifest = Manifest.from_dict(run.manifest)
        if not manifest.scoring.intermediate:
            raise RunNotActive(
                f"{manifest.id} does not allow intermediate scoring",
                hint=f"the final score is taken by `envspec finish {run_id}`",
            )
        budget.check_can_score(run)
        # count the call before making it: a crash must not give a free call
        run = runstore.update(run_id, lambda r: r.with_(scorer_calls=r.scorer_calls + 1))
        return _score(run, manifest, kind="intermediate")


def _score(run: RunRecord, manifest: Manifest, *, kind: str) -> ScoreOutcome:
    v = manifest.variant(run.variant)
    began = time.time()
    env = {
        **variant_env(manifest, run.variant),
        "ENVSPEC_RUN": run.id,
        constants.SCORING_KIND_ENV: kind,
    }
    with sandbox_uids.lease() as (first_uid, count):
        env[constants.SANDBOX_UIDS_ENV] = f"{first_uid}:{count}"
        sr = get_backend(run.backend).score(run, env=env, timeout=manifest.scoring.timeout_seconds)
    output = scorer_output(sr, timeout=manifest.scoring.timeout_seconds)
    if manifest.services:
        # what the services had served by this scoring, in the record (operator-only details)
        output = output.with_details({**output.details, "services": services.usage(run, manifest)})
    within = run.deadline is None or began < run.deadline
    record = score_log(run).append(kind, output, elapsed_s=run.elapsed(began), within_budget=within)
    normalised = None
    if record.valid and record.score is not None and v.normalisation is not None:
        normalised = v.normalisation.normalise(record.score)
    return ScoreOutcome(record, manifest.scoring.visibility, normalised)


def variant_env(manifest: Manifest, variant: str) -> dict[str, str]:
    """What both the agent's commands and the scorer are told about the variant."""
    params = manifest.variant(variant).parameters
    return {
        "ENVSPEC_VARIANT": variant,
        "ENVSPEC_PARAMETERS": json.dumps(dict(params), sort_keys=True),
    }


def scorer_output(sr: ScorerRun, *, timeout: float) -> ScorerOutput:
    """Turn one scorer execution into a contract output; failures become invalid scores."""
    details = {"exit_code": sr.exit_code, "seconds": round(sr.seconds, 3), "logs": sr.logs}
    if sr.timed_out:
        return ScorerOutput.invalid(f"scoring timed out after {timeout:g} s", details=details)
    if sr.result is None:
        return ScorerOutput.invalid(
            f"the scorer wrote no result (exit code {sr.exit_code})", details=details
        )
    out = ScorerOutput.parse(sr.result)
    if not out.valid and sr.exit_code not in (0, None):
        # a crash after the result file was created: say so rather than "empty output"
        return ScorerOutput.invalid(
            f"the scorer failed (exit code {sr.exit_code}): {out.reason}", details=details
        )
    return out.with_details({**out.details, **details})


# --- finish ---------------------------------------------------------------------------------------


def finish_run(run_id: str, *, final_score: bool = True) -> dict[str, Any]:
    """Final scoring (if the deadline has not passed), release everything, write the result.
    ``final_score=False`` stops the run without that scoring (a batch abandoning a trial it
    will run again).

    Idempotent: a finished run returns its stored result.

    Raises:
        UnknownRun.
    """
    gc()
    with runstore.locked(run_id):
        run = runstore.load(run_id)
        result_file = runstore.run_dir(run_id) / "result.json"
        if run.status == "finished" and result_file.exists():
            return dict(json.loads(result_file.read_text()))
        manifest = Manifest.from_dict(run.manifest)
        within = run.deadline is not None and time.time() < run.deadline
        if final_score and run.status == "running" and within:
            try:
                _score(run, manifest, kind="final")
            except Exception as e:  # a full disk, say: the run must still be stopped
                log.warning("final scoring of %s failed: %s", run_id, e)
        be = get_backend(run.backend)
        try:
            be.stop(run)
        except Exception as e:
            # the GPUs stay leased: something of the run may still hold them
            raise EnvspecError(
                f"run {run_id}: cannot stop its processes ({e}); its GPUs stay leased and no "
                "result is written yet",
                hint=f"fix the engine (its log says why), then `envspec finish {run_id}` again",
            ) from e
        # the run ends before what it held is given back: a run that takes its GPUs next
        # starts after this one finished
        now = time.time()
        be.placement().release(run.id)
        run = run.with_(
            status="finished" if run.status != "failed" else "failed",
            finished_at=now,
            released_at=run.released_at or now,
        )
        result = build_result(run, manifest)
        write_atomic(result_file, json.dumps(result, indent=2, sort_keys=True))
        runstore.save(run.with_(status="finished"))
        return result


def build_result(run: RunRecord, manifest: Manifest) -> dict[str, Any]:
    """The run result (schemas/run-result-v1.schema.json)."""
    v = manifest.variant(run.variant)
    slog = score_log(run)
    records = slog.records()
    check = slog.verify()
    raw = final_raw_score(
        records, aggregation=manifest.scoring.aggregation, direction=manifest.scoring.direction
    )
    note = run.note
    # a log that does not verify was written by something other than the runtime: none of it
    # counts; a failed run (its start or its node) ended before its final scoring: no score
    if not check.ok:
        raw = None
        note = f"{note + '; ' if note else ''}the score log does not verify: no score counts"
    elif run.status == "failed":
        raw = None
    normalised = None
    if raw is not None and v.normalisation is not None:
        normalised = v.normalisation.normalise(raw)
    now = time.time()
    return {
        "schema": "envspec-run-result-v1",
        "envspec_version": __version__,
        "run": run.id,
        "environment": run.environment,
        "reference": run.reference,
        "digests": run.digests,
        "variant": run.variant,
        "backend": run.backend,
        "isolation": run.isolation,
        "comparable": run.comparable,
        "budget_overrides": list(run.limits.overridden),
        "gpus": [
            {"index": g.index, "uuid": g.uuid, "model": g.model, "name": g.name} for g in run.gpus
        ],
        "gpu_substituted": any(g.model not in run.requested_gpu_models for g in run.gpus),
        "budget": {
            "wall_time_s": run.limits.wall_time_s,
            "elapsed_s": round(min(run.elapsed(run.finished_at or now), run.limits.wall_time_s), 3),
            "scorer_calls": run.scorer_calls,
            "scorer_calls_limit": run.limits.scorer_calls,
            "gpu_hours": round(run.gpu_hours_used(now), 6),
            "gpu_hours_limit": run.limits.gpu_hours,
        },
        "score_log": {"records": check.count, "head": check.head, "verified": check.ok},
        "score": {
            "raw": raw,
            "normalised": normalised,
            "valid": raw is not None,
            "aggregation": manifest.scoring.aggregation,
            "direction": manifest.scoring.direction,
        },
        "services": services.usage(run, manifest),
        "started_at": run.started_at,
        "finished_at": run.finished_at,
        "status": run.status if run.status == "failed" else "finished",
        "note": note,
    }


# --- status, logs, verify -------------------------------------------------------------------------


def list_runs() -> list[RunRecord]:
    """All runs on this host (read-only: see :func:`summary` for their status now)."""
    return runstore.all_runs()


def read_log(run_id: str, *, full: bool = False) -> list[dict[str, Any]]:
    """The score log as the agent may see it, or whole (``full``, operators only)."""
    run = runstore.load(run_id)
    records = score_log(run).records()
    if full:
        return [r.to_dict() for r in records]
    visibility = str(run.manifest.get("scoring", {}).get("visibility", "hidden"))
    return [r.agent_view(visibility) for r in records]


def verify_run(run_id: str) -> dict[str, Any]:
    """Check the score log's hash chain."""
    run = runstore.load(run_id)
    v = score_log(run).verify()
    return {"run": run_id, "ok": v.ok, "records": v.count, "head": v.head, "problems": v.problems}


# --- gc -------------------------------------------------------------------------------------------


def gc() -> list[str]:
    """Reclaim what dead runs left: containers, volumes, GPU leases; mark those runs.

    A ``starting`` run whose process died is failed and cleaned up; a ``running`` run past its
    deadline is stopped (whatever of the agent's still runs), becomes ``expired`` and gives its
    GPUs back (its solution stays for ``finish``).
    """
    now = time.time()
    touched: list[str] = []
    runs = runstore.all_runs()
    for run in runs:
        if run.status == "starting" and run.owner_pid and not pid_alive(run.owner_pid):
            with runstore.locked(run.id):
                _abandon(runstore.load(run.id), "the starting process died")
            touched.append(run.id)
        elif run.status == "running" and run.deadline is not None and now >= run.deadline:
            # the GPUs go back only once nothing of the run can hold them any more
            try:
                get_backend(run.backend).stop(run, keep_solution=True)
            except EnvspecError as e:
                log.warning("gc: run %s expired but could not be stopped: %s", run.id, e)
                continue
            runstore.update(run.id, lambda r: r.with_(status="expired", released_at=r.deadline))
            get_backend(run.backend).placement().release(run.id)
            touched.append(run.id)
    touched += _fail_lost(runs, now, skip=set(touched))
    runs = runstore.all_runs()
    keep = {r.id for r in runs if r.status in runstore.KEPT_STATES}
    live = {r.id for r in runs if r.status in LIVE}
    HostPlacement().reclaim(live)  # this host's leases, whichever backend took them
    for name in {r.backend for r in runs}:
        try:
            be = get_backend(name)
            placement = be.placement()
            if not isinstance(placement, HostPlacement):  # this host's: reclaimed above
                placement.reclaim(live)
            touched += be.reap(keep)
        except EnvspecError as e:  # e.g. the engine is down: nothing to reap there now
            log.info("gc: %s backend not reaped: %s", name, e)
    touched += storage.reap(keep)  # after the backends: nothing of a run holds its disk then
    return sorted(set(touched))


def _fail_lost(runs: list[RunRecord], now: float, *, skip: set[str]) -> list[str]:
    """Fail the running runs that their backend says ended outside envspec (a scheduler's
    node failed, an operator cancelled the job): what is left of them is removed."""
    by_backend: dict[str, list[RunRecord]] = {}
    for run in runs:
        if run.id in skip or run.status != "running":
            continue
        if run.deadline is None or now < run.deadline:  # past it: expiry's, not a failure
            by_backend.setdefault(run.backend, []).append(run)
    failed = []
    for name, live in by_backend.items():
        try:
            lost = get_backend(name).lost(live)
        except EnvspecError as e:  # e.g. the scheduler does not answer: ask again next time
            log.info("gc: cannot ask the %s backend about its runs: %s", name, e)
            continue
        for run_id, why in lost.items():
            with runstore.locked(run_id):
                run = runstore.load(run_id)
                if run.status == "running":  # not finished meanwhile
                    log.warning("run %s failed: %s", run_id, why)
                    _abandon(run, why)
                    failed.append(run_id)
    return failed
