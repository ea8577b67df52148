"""Batch evaluation: run a :class:`~envspec.models.batch.BatchSpec`'s trials with bounded
concurrency, journaled so that an interrupted batch resumes where it stopped.

Everything lands in one folder (``OUT``)::

    batch.json       the spec's fingerprint: a resumed batch must run the same trials
    journal.jsonl    one event a line, appended and fsynced: started, done, error, abandoned
    runs/RUN.json    each finished run's result; runs/RUN.scores.json its whole score log
    agents/TRIAL.log an agent command's output

A trial is done once its ``done`` line is written, and a done trial never runs again. A trial
that was started and not done (the batch was killed, or interrupted with Ctrl-C) has its run
stopped without a final scoring (``abandoned``) and runs again from the start; a trial whose run
could not start (``error``: the host, the registry) is tried again on the next resumption and
counts in no aggregate. A run that started and ended without a valid score is done, and counts
0 in every aggregate.
"""

from __future__ import annotations

import contextlib
import json
import logging
import os
import signal
import subprocess
import threading
import time
from collections.abc import Callable
from concurrent.futures import FIRST_COMPLETED, Future, ThreadPoolExecutor, wait
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from envspec.atomic import write_atomic
from envspec.errors import BadInput, EnvspecError, GpuBusy
from envspec.models.batch import BatchSpec, Trial
from envspec.runtime import runs, runstore

log = logging.getLogger(__name__)

__all__ = ["BatchInterrupted", "BatchSummary", "journal_events", "run_batch", "trial_outcomes"]

JOURNAL = "journal.jsonl"
STATE = "batch.json"
#: how often a trial whose GPUs are all held tries to start again
GPU_WAIT_S = 5.0
#: an agent command gets this long past its run's deadline to exit before it is killed
AGENT_GRACE_S = 10.0

Listener = Callable[[dict[str, Any]], None]


class BatchInterrupted(EnvspecError):
    """The batch was interrupted (exit code 130); its journal says what is done."""

    exit_code = 130


@dataclass(frozen=True)
class BatchSummary:
    """What a call of :func:`run_batch` did."""

    out: Path
    trials: int
    done: int  # done before this call or by it
    ran: int  # done by this call
    errors: int  # trials whose run could not start (tried again on the next call)
    abandoned: int  # runs of an earlier call stopped unfinished, their trials run again


def journal_events(out: Path) -> list[dict[str, Any]]:
    """The journal's events in order (a line cut by a crash is ignored)."""
    path = out / JOURNAL
    if not path.exists():
        return []
    events = []
    for line in path.read_text().splitlines():
        try:
            events.append(json.loads(line))
        except json.JSONDecodeError:
            log.warning("%s: skipping a line cut short", path)
    return events


def trial_outcomes(out: Path) -> dict[str, dict[str, Any]]:
    """trial id -> its ``done`` event, for every done trial."""
    return {e["trial"]: e for e in journal_events(out) if e.get("event") == "done"}


class _Journal:
    """Appends events to ``journal.jsonl`` (one write and an fsync each) and tells the
    listener, in one order, from any thread."""

    def __init__(self, out: Path, listener: Listener | None) -> None:
        self.path = out / JOURNAL
        self.listener = listener
        self.lock = threading.Lock()

    def write(self, event: dict[str, Any]) -> None:
        event = {"time": round(time.time(), 3), **event}
        line = (json.dumps(event, sort_keys=True) + "\n").encode()
        with self.lock:
            # the operator's only: it holds hidden environments' raw scores
            fd = os.open(self.path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600)
            try:
                os.write(fd, line)
                os.fsync(fd)
            finally:
                os.close(fd)
            if self.listener is not None:
                self.listener(event)


def run_batch(spec: BatchSpec, out: Path, *, listener: Listener | None = None) -> BatchSummary:
    """Run every trial of ``spec`` not yet done in ``out``, ``spec.concurrency`` at a time.

    Raises:
        BadInput: ``out`` holds another batch, or a solution folder is missing.
        BatchInterrupted: Ctrl-C; the trials in flight were stopped and will run again.
    """
    for entry in spec.entries:
        if entry.solution is not None and not entry.solution.is_dir():
            raise BadInput(
                f"entry {entry.name}: solution folder {entry.solution} does not exist",
                hint="give a folder of the solution's files, relative to the spec's folder",
            )
    out.mkdir(parents=True, exist_ok=True)
    _claim(spec, out)
    # the operator's only, as $ENVSPEC_HOME is: the journal and runs/ hold hidden raw scores,
    # and a run's user on this host (the local backend) could otherwise read them from its
    # sandbox, finding OUT on the batch's command line (an attacker's review, 2026-12-06)
    for folder in (out, out / "runs", out / "agents"):
        folder.mkdir(mode=0o700, exist_ok=True)
        folder.chmod(0o700)
    if (out / JOURNAL).exists():
        (out / JOURNAL).chmod(0o600)
    journal = _Journal(out, listener)
    abandoned = _abandon_unfinished(out, journal)
    done = trial_outcomes(out)
    pending = [t for t in spec.trials() if t.id not in done]
    journal.write({"event": "batch", "trials": len(spec.trials()), "pending": len(pending)})
    stop = threading.Event()
    worker = _Worker(spec, out, journal, stop)
    ran = errors = 0
    with ThreadPoolExecutor(max_workers=spec.concurrency, thread_name_prefix="trial") as pool:
        queue = list(pending)
        running: dict[Future[str], Trial] = {}
        try:
            while queue or running:
                while queue and len(running) < spec.concurrency:
                    trial = queue.pop(0)
                    running[pool.submit(worker.run, trial)] = trial
                finished, _ = wait(running, return_when=FIRST_COMPLETED)
                for future in finished:
                    del running[future]
                    outcome = future.result()
                    ran += outcome == "done"
                    errors += outcome == "error"
        except KeyboardInterrupt:
            stop.set()
            worker.interrupt()
            wait(running)
            left = len(trial_outcomes(out))
            raise BatchInterrupted(
                f"batch interrupted: {left} of {len(spec.trials())} trials done; the "
                f"{len(running)} in flight were stopped and run again on resumption",
                hint=f"run the same `envspec batch` with `--out {out}` to resume",
            ) from None
    return BatchSummary(
        out=out,
        trials=len(spec.trials()),
        done=len(trial_outcomes(out)),
        ran=ran,
        errors=errors,
        abandoned=abandoned,
    )


def _claim(spec: BatchSpec, out: Path) -> None:
    """``out`` is this batch's folder: write its fingerprint, or check it matches."""
    state = out / STATE
    if state.exists():
        held = json.loads(state.read_text()).get("fingerprint")
        if held != spec.fingerprint():
            raise BadInput(
                f"{out} holds another batch (its trials differ from this spec's)",
                hint="resume with the spec it was started with, or give another --out",
            )
        return
    if any(out.iterdir()):
        raise BadInput(f"{out} is not empty and holds no batch", hint="give an empty or new folder")
    state.write_text(json.dumps({"fingerprint": spec.fingerprint()}, indent=2) + "\n")


def _abandon_unfinished(out: Path, journal: _Journal) -> int:
    """Stop the runs of trials an earlier call started and never ended; how many."""
    events = journal_events(out)
    ended = {
        e["run"]
        for e in events
        if e.get("event") in ("done", "abandoned", "error") and e.get("run")
    }
    count = 0
    for event in events:
        if event.get("event") != "started" or event["run"] in ended:
            continue
        try:
            runs.finish_run(event["run"], final_score=False)
        except runstore.UnknownRun:
            pass  # gc removed it, or it never got its record
        except EnvspecError as e:
            log.warning("cannot stop run %s of trial %s: %s", event["run"], event["trial"], e)
        journal.write(
            {
                "event": "abandoned",
                "trial": event["trial"],
                "run": event["run"],
                "why": "unfinished",
            }
        )
        count += 1
    return count


class _Worker:
    """Runs one trial at a time per thread: start, solution or agent, finish, record."""

    def __init__(self, spec: BatchSpec, out: Path, journal: _Journal, stop: threading.Event):
        self.spec, self.out, self.journal, self.stop = spec, out, journal, stop
        self.lock = threading.Lock()
        self.agents: dict[str, subprocess.Popen[bytes]] = {}
        self.live: dict[str, str] = {}  # trial id -> run id

    def interrupt(self) -> None:
        """Ctrl-C: kill the agents' process groups and stop the runs in flight."""
        with self.lock:
            agents, live = dict(self.agents), dict(self.live)
        for proc in agents.values():
            _kill_group(proc)
        for trial, run_id in live.items():
            try:
                runs.finish_run(run_id, final_score=False)
            except EnvspecError as e:
                log.warning("cannot stop run %s: %s", run_id, e)
            self.journal.write(
                {"event": "abandoned", "trial": trial, "run": run_id, "why": "interrupted"}
            )

    def run(self, trial: Trial) -> str:
        """``done``, ``error`` (the run could not start) or ``stopped`` (interrupted)."""
        if self.stop.is_set():
            return "stopped"
        entry = trial.entry
        while True:
            try:
                record = runs.start_run(
                    entry.environment,
                    variant=entry.variant,
                    backend=self.spec.backend,
                    budgets=entry.budgets or None,
                )
                break
            except GpuBusy:
                # the GPUs are held (by this batch's other trials or anyone's): queue, as a
                # scheduler would, rather than fail the trial
                if self.stop.wait(GPU_WAIT_S):
                    return "stopped"
            except EnvspecError as e:
                self.journal.write({"event": "error", "trial": trial.id, "error": str(e)})
                return "error"
        with self.lock:
            self.live[trial.id] = record.id
        self.journal.write({"event": "started", "trial": trial.id, "run": record.id})
        note = None
        try:
            if entry.agent is not None:
                note = self._agent(trial, record.id)
            else:
                note = self._solution(trial, record.id)
            if self.stop.is_set():
                return "stopped"
            result = runs.finish_run(record.id)
        except EnvspecError as e:
            if self.stop.is_set():
                return "stopped"
            # the trial's own steps failed (a full disk, the engine): its run has no score
            log.warning("trial %s: %s", trial.id, e)
            note = f"{note + '; ' if note else ''}{e}"
            result = runs.finish_run(record.id)
        finally:
            with self.lock:
                self.live.pop(trial.id, None)
        self._record(trial, record.id, result, note)
        return "done"

    def _solution(self, trial: Trial, run_id: str) -> str | None:
        entry = trial.entry
        if entry.solution is not None:
            runs.put_files(run_id, _solution_files(entry.solution))
        if entry.prepare:
            done = runs.exec_in_run(run_id, list(entry.prepare))
            if done.exit_code != 0:
                return f"prepare exited with {done.exit_code}"
        return None

    def _agent(self, trial: Trial, run_id: str) -> str | None:
        assert trial.entry.agent is not None
        run = runstore.load(run_id)
        deadline = (run.deadline or time.time()) + AGENT_GRACE_S
        env = dict(os.environ, ENVSPEC_RUN_ID=run_id, ENVSPEC_BATCH_TRIAL=trial.id)
        logfile = self.out / "agents" / f"{trial.id.replace('/', '.')}.log"
        with logfile.open("ab") as sink:
            proc = subprocess.Popen(
                ["/bin/sh", "-c", trial.entry.agent],
                cwd=self.spec.base,
                env=env,
                stdin=subprocess.DEVNULL,
                stdout=sink,
                stderr=subprocess.STDOUT,
                start_new_session=True,  # its whole group is killed at the deadline
            )
            with self.lock:
                self.agents[trial.id] = proc
            try:
                code = proc.wait(timeout=max(0.0, deadline - time.time()))
            except subprocess.TimeoutExpired:
                _kill_group(proc)
                return "the agent was killed at the run's deadline"
            finally:
                _kill_group(proc)  # anything it left running in its group
                with self.lock:
                    self.agents.pop(trial.id, None)
        return None if code == 0 else f"the agent exited with {code}"

    def _record(self, trial: Trial, run_id: str, result: dict[str, Any], note: str | None) -> None:
        runs_dir = self.out / "runs"
        _write_json(runs_dir / f"{run_id}.json", result)
        _write_json(runs_dir / f"{run_id}.scores.json", runs.read_log(run_id, full=True))
        run = runstore.load(run_id)
        score = result["score"]
        self.journal.write(
            {
                "event": "done",
                "trial": trial.id,
                "entry": trial.entry.name,
                "kind": trial.entry.kind,
                "run": run_id,
                "environment": result["environment"],
                "variant": result["variant"],
                "visibility": run.manifest.get("scoring", {}).get("visibility", "hidden"),
                "normalisation": _normalisation(run.manifest, result["variant"]),
                "valid": score["valid"],
                "raw": score["raw"],
                "normalised": score["normalised"],
                "elapsed_s": result["budget"]["elapsed_s"],
                "scorings": result["score_log"]["records"],
                # how far the run was isolated, and whether its log verified (else no score)
                "isolation": result["isolation"],
                "verified": result["score_log"]["verified"],
                "note": note,
            }
        )


def _normalisation(manifest: dict[str, Any], variant: str) -> dict[str, float] | None:
    """The variant's starting and reference raw scores (None: not calibrated)."""
    norm = manifest.get("variants", {}).get(variant, {}).get("normalisation")
    if not norm:
        return None
    return {"starting": float(norm["starting"]), "reference": float(norm["reference"])}


def _solution_files(folder: Path) -> dict[str, bytes]:
    """A solution folder's regular files by relative path (links refused, not followed)."""
    files: dict[str, bytes] = {}
    for path in sorted(folder.rglob("*")):
        if path.is_symlink():
            raise BadInput(
                f"{path} is a symbolic link", hint="a batch's solution holds regular files only"
            )
        if path.is_file():
            files[path.relative_to(folder).as_posix()] = path.read_bytes()
    return files


def _kill_group(proc: subprocess.Popen[bytes]) -> None:
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(proc.pid, signal.SIGKILL)
    if proc.poll() is None:
        proc.wait()


def _write_json(path: Path, data: Any) -> None:
    write_atomic(path, json.dumps(data, indent=2, sort_keys=True) + "\n", durable=True)
