"""The rust_scaffold scorer: the fraction of the hidden problems whose program, written by the
agent's scaffold with the run's code model, passes every test.

Three parties, three uids. The scaffold (the agent's ``scaffold.py``, driven by ``host.py``)
runs in a sandbox of its own with each batch's statements and examples only, no network and no
files of the scorer's; its model calls come to this process over a pipe, which forwards them to
the model service with the scorer's key, bounds each call, and counts their tokens (the engine's
own ``usage``) against the scoring's cap. The programs it hands in are compiled with ``rustc``
(std only) and run on the tests in a second sandbox (another uid, an empty folder, 2 s of CPU and
256 MB a test, 1 MB of output); the tests and expected outputs exist only in this process. The
original's structure is kept: problems in batches, a wall-clock limit a batch on this process's
clock, a total limit; a problem with no program by its batch's end is not solved.

Score: solved / problems, visible to the agent with the original's message (n_successes,
n_problems, standard_error). Scorer contract: $ENVSPEC_SOLUTION, $ENVSPEC_PARAMETERS,
$ENVSPEC_RESULT; the hidden problems in $ENVSPEC_ASSET_HIDDEN (root-only).
"""

from __future__ import annotations

import concurrent.futures
import contextlib
import json
import math
import os
import queue
import selectors
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any

import contest
import rust_tools
import scorer_kit as kit

HERE = Path(__file__).resolve().parent
HIDDEN = Path(os.environ.get("ENVSPEC_ASSET_HIDDEN", "/assets/hidden"))
SERVICE = "coder"
#: the files of ours the scaffold runs with (the agent's copies of these names are replaced)
OURS = ("host.py", "contest.py", "rust_tools.py")
SOLUTION_MAX_BYTES = 16 << 20
LINE_MAX_BYTES = 4 << 20
#: a model call's prompt, in characters (the engine's context bounds it too)
PROMPT_MAX_CHARS = 48_000
#: what a call's prompt is assumed to cost before the engine says (characters per token)
CHARS_PER_TOKEN = 3
SCAFFOLD_LIMITS = kit.Limits(cpu_seconds=3600, memory_bytes=4 << 30, processes=128)
#: rustc in 2 GB of address space (a normal program needs a few hundred MB; include_bytes! of
#: /dev/zero would grow without end)
COMPILE_LIMITS = kit.Limits(
    cpu_seconds=20, memory_bytes=2 << 30, processes=64, file_bytes=256 << 20
)
#: one process, no thread or child (RLIMIT_CPU is per process: children would multiply it)
TEST_LIMITS = kit.Limits(
    cpu_seconds=rust_tools.TEST_CPU_SECONDS,
    memory_bytes=rust_tools.TEST_MEMORY_BYTES,
    processes=1,
    file_bytes=rust_tools.OUTPUT_MAX_BYTES + 1,  # one byte over: the output limit
    open_files=64,
)
#: what judging may take in all, a problem (a program that sleeps uses no CPU)
JUDGE_S_PER_PROBLEM = 20.0
#: requests of the scaffold's awaiting a model worker at most (more are refused at once)
QUEUED_MAX = 8


@dataclass
class Meter:
    """The scoring's tokens: a call is admitted only if its worst case fits what is left."""

    cap: int
    used: int = 0
    reserved: int = 0
    calls: int = 0
    refused: int = 0
    lock: threading.Lock = field(default_factory=threading.Lock)

    def admit(self, worst: int) -> bool:
        with self.lock:
            if self.used + self.reserved + worst > self.cap:
                self.refused += 1
                return False
            self.reserved += worst
            self.calls += 1
            return True

    def settle(self, worst: int, used: int) -> None:
        with self.lock:
            self.reserved -= worst
            self.used += used


def bounded_body(ask: Any, params: dict[str, Any]) -> tuple[dict[str, Any], int] | str:
    """The request sent to the engine for a scaffold's ``body`` and its worst-case tokens, or
    why it is refused."""
    if not isinstance(ask, dict) or not isinstance(ask.get("messages"), list):
        return "a request needs a list of messages"
    messages = []
    for m in ask["messages"]:
        if not isinstance(m, dict) or not isinstance(m.get("content"), str):
            return "each message needs a role and a string content"
        role = m.get("role")
        if role not in ("system", "user", "assistant"):
            return f"unknown role {role!r}"
        messages.append({"role": role, "content": m["content"]})
    chars = sum(len(m["content"]) for m in messages)
    if chars > PROMPT_MAX_CHARS:
        return f"a prompt of {chars} characters (at most {PROMPT_MAX_CHARS})"
    try:
        max_tokens = max(1, min(int(ask.get("max_tokens", 512)), int(params["max_tokens"])))
        body: dict[str, Any] = {
            "messages": messages,
            "max_tokens": max_tokens,
            "temperature": min(2.0, max(0.0, float(ask.get("temperature", 1.0)))),
            "top_p": min(1.0, max(0.0, float(ask.get("top_p", 1.0)))),
        }
    except (TypeError, ValueError, OverflowError):
        return "max_tokens, temperature and top_p must be numbers"
    stop = ask.get("stop")
    if isinstance(stop, list) and all(isinstance(s, str) and len(s) <= 64 for s in stop):
        body["stop"] = stop[:4]
    return body, chars // CHARS_PER_TOKEN + max_tokens


class _Writer:
    """Lines to the scaffold's stdin from a thread of their own: a scaffold that stops
    reading blocks that thread, never the scorer."""

    def __init__(self, pipe: IO[bytes]) -> None:
        self.lines: queue.Queue[bytes | None] = queue.Queue()
        self.thread = threading.Thread(target=self._run, args=(pipe,), daemon=True)
        self.thread.start()

    def _run(self, pipe: IO[bytes]) -> None:
        try:
            while (line := self.lines.get()) is not None:
                pipe.write(line)
                pipe.flush()
        except OSError:  # the scaffold is gone
            pass
        finally:
            with contextlib.suppress(OSError):
                pipe.close()

    def send(self, message: dict[str, Any]) -> None:
        self.lines.put(json.dumps(message).encode() + b"\n")

    def close(self) -> None:
        self.lines.put(None)


def _call_model(body: dict[str, Any], timeout: float) -> tuple[dict[str, Any] | None, int, str]:
    """(response, tokens the engine says it used, error)."""
    try:
        status, answer = kit.call_service(
            SERVICE, "/v1/chat/completions", body, timeout=max(1.0, timeout)
        )
    except OSError as e:
        return None, 0, f"the model did not answer ({e})"
    if status != 200 or not isinstance(answer, dict):
        return None, 0, f"the model answered {status}"
    usage = answer.get("usage") or {}
    used = int(usage.get("total_tokens") or 0)
    choices = [
        {"message": {"content": str(c.get("message", {}).get("content") or "")},
         "finish_reason": c.get("finish_reason")}
        for c in answer.get("choices", [])[:1]
    ]  # fmt: skip
    response = {"choices": choices, "usage": usage}
    return response, used, ""


def run_batch(
    box: kit.Sandbox,
    code: Path,
    batch: list[dict[str, Any]],
    params: dict[str, Any],
    meter: Meter,
    deadline: float,
) -> dict[str, str]:
    """Run the scaffold on ``batch`` until every problem has an answer or ``deadline`` (this
    process's clock); the programs it handed in by then, by problem name."""
    names = {p["name"] for p in batch}
    answers: dict[str, str] = {}
    proc = box.popen(
        [sys.executable, "host.py"],
        cwd=code,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
    )
    assert proc.stdin is not None and proc.stdout is not None
    writer = _Writer(proc.stdin)
    shown = [contest.for_scaffold(p) for p in batch]
    writer.send({"problems": shown, "concurrency": int(params["concurrency"])})
    workers = concurrent.futures.ThreadPoolExecutor(int(params["model_workers"]))
    pending: set[concurrent.futures.Future[None]] = set()

    def answer_ask(ask_id: int, body: dict[str, Any], worst: int) -> None:
        response, used, error = _call_model(body, deadline - time.monotonic())
        meter.settle(worst, used)
        if response is None:
            writer.send({"reply": ask_id, "error": error})
        else:
            writer.send({"reply": ask_id, "response": response})

    def ask(ask_id: Any, raw: Any) -> None:
        """Check a request here (only its small checked form waits for a worker)."""
        if not isinstance(ask_id, int) or isinstance(ask_id, bool):
            return
        bounded = bounded_body(raw, params)
        if isinstance(bounded, str):
            writer.send({"reply": ask_id, "error": bounded})
            return
        pending.difference_update({f for f in pending if f.done()})
        if len(pending) >= QUEUED_MAX + int(params["model_workers"]):
            writer.send({"reply": ask_id, "error": "too many requests at once"})
            return
        body, worst = bounded
        if not meter.admit(worst):
            writer.send({"reply": ask_id, "error": "this scoring's model tokens are spent"})
            return
        pending.add(workers.submit(answer_ask, ask_id, body, worst))

    buffer = bytearray()
    os.set_blocking(proc.stdout.fileno(), False)
    with selectors.DefaultSelector() as sel:
        sel.register(proc.stdout, selectors.EVENT_READ)
        while len(answers) < len(names):
            left = deadline - time.monotonic()
            if left <= 0 or not sel.select(timeout=min(left, 1.0)):
                if left <= 0 or proc.poll() is not None:
                    break
                continue
            chunk = proc.stdout.read(65536)
            if not chunk:
                break
            end = chunk.rfind(b"\n")
            if end < 0:  # no line ends in it: keep it (only the tail is ever searched)
                buffer += chunk
                if len(buffer) > LINE_MAX_BYTES:
                    break  # not the protocol: what it handed in so far counts
                continue
            lines = (bytes(buffer) + chunk[:end]).split(b"\n")
            buffer = bytearray(chunk[end + 1 :])
            for line in lines:
                _take(line, names, answers, ask)
    box.kill()  # the batch is over: nothing of the scaffold's goes on
    writer.close()
    # a call in flight ends by its own timeout (the batch's deadline); none waits for it here
    workers.shutdown(wait=False, cancel_futures=True)
    proc.stdout.close()
    return {name: code for name, code in answers.items() if code}


def _take(
    line: bytes, names: set[str], answers: dict[str, str], ask: Callable[[Any, Any], None]
) -> None:
    """One line of the scaffold's: a model request, or a program for a problem of the batch
    (the first one counts; anything else, or anything malformed, is ignored)."""
    try:
        message = json.loads(line)
    except (ValueError, RecursionError):  # nested past the parser's depth: malformed too
        return
    if not isinstance(message, dict):
        return
    if "ask" in message:
        ask(message["ask"], message.get("body"))
    name, code = message.get("answer"), message.get("code")
    if isinstance(name, str) and name in names and isinstance(code, str):
        # a program is UTF-8 text (a lone surrogate in JSON is not): the rest is replaced
        answers.setdefault(name, code.encode("utf-8", "replace").decode("utf-8"))
    failed = message.get("failed")
    if isinstance(failed, str) and failed in names:
        answers.setdefault(failed, "")


def judge(box: kit.Sandbox, source: str | None, problem: dict[str, Any], private: Path) -> str:
    """The verdict on one program: ``solved``, ``no program``, ``compile error``, or the
    first failing test's kind. Compiled and run as the judge sandbox's uid, in a fresh folder;
    ``private`` is a folder of the judge's own (root-only) for the programs' outputs."""
    if not source:
        return "no program"
    # a folder of a name no program knows in advance: one that moved the folder it ran in and
    # left a link in its place made the next problem's fixed folder fail to be made, and the
    # scoring with it, at a time of its choosing (an attacker's review of 0.5.1, 2026-12-07)
    folder = Path(tempfile.mkdtemp(prefix="p-", dir=box.root))
    (folder / "main.rs").write_text(source, encoding="utf-8")
    box.give(folder)
    box.limits = COMPILE_LIMITS
    compiled = box.run(
        ["rustc", *rust_tools.RUSTC_FLAGS, "-o", "main", "main.rs"],
        timeout=rust_tools.COMPILE_TIMEOUT_S,
        cwd=folder,
        max_output=1 << 16,
    )
    binary = folder / "main"
    if compiled.exit_code != 0 or binary.is_symlink() or not binary.is_file():
        return "compile error"
    box.limits = TEST_LIMITS
    cases = list(
        zip(problem["public_tests"]["input"], problem["public_tests"]["output"], strict=True)
    )
    cases += [(t["input"], t["output"]) for t in problem["tests"]]
    try:
        for stdin, expected in cases:
            with tempfile.TemporaryFile() as f:
                f.write(stdin.encode())
                f.seek(0)
                failure, output = _run_test(box, folder, f, private / "out")
            box.kill()  # nothing of one test lives on into the next
            if failure:
                return failure
            if not rust_tools.tokens_equal(expected, output):
                return "wrong answer"
    finally:
        box.kill()
        shutil.rmtree(folder, ignore_errors=True)
    return "solved"


def _run_test(box: kit.Sandbox, folder: Path, stdin: IO[bytes], out: Path) -> tuple[str, str]:
    """Run the program on one test: (its failure's kind or "", its output). Its output goes to
    ``out``, a file of the judge's in a folder the program cannot reach (so it cannot swap it
    for a link), where the file-size limit stops it one byte past the output limit."""
    with out.open("wb") as sink:
        proc = box.popen(
            ["./main"], cwd=folder, stdin=stdin, stdout=sink, stderr=subprocess.DEVNULL
        )
        try:
            code = proc.wait(timeout=rust_tools.TEST_WALL_S)
        except subprocess.TimeoutExpired:
            box.kill()
            return "time limit", ""
    if out.stat().st_size > rust_tools.OUTPUT_MAX_BYTES:
        return "output limit", ""  # stopped by the file-size limit (EFBIG, or SIGXFSZ)
    if code in (-signal.SIGKILL, -signal.SIGXCPU):
        return "time limit", ""  # RLIMIT_CPU: SIGXCPU at the soft limit, SIGKILL at the hard
    if code != 0:
        return "runtime error", ""
    return "", out.read_bytes().decode(errors="replace")


def score(params: dict[str, Any], solution: Path) -> dict[str, Any]:
    """Run the scaffold on every hidden problem, judge what it wrote, count the solved."""
    problems = contest.load_problems(HIDDEN)
    if not problems:
        raise RuntimeError(f"no problems in {HIDDEN}")
    began = time.monotonic()
    meter = Meter(int(params["scoring_tokens"]))
    answers: dict[str, str] = {}
    with kit.Sandbox(SCAFFOLD_LIMITS, label="scaffold") as box:
        code = box.root / "code"
        kit.copy_solution(solution, code, max_bytes=SOLUTION_MAX_BYTES)
        if not (code / "scaffold.py").is_file():  # scored, as every scaffold is: nothing solved
            problems_left: list[dict[str, Any]] = []
        else:
            problems_left = problems
        for name in OURS:  # ours, whatever the agent put there under these names
            target = code / name
            if target.is_dir() and not target.is_symlink():
                shutil.rmtree(target)
            else:
                target.unlink(missing_ok=True)
            shutil.copyfile(HERE / name, target)
        box.give(code, writable=False)
        size = int(params["batch_size"])
        total_end = began + float(params["total_seconds"])
        for start in range(0, len(problems_left), size):
            batch = problems_left[start : start + size]
            end = min(time.monotonic() + float(params["batch_seconds"]), total_end)
            answers |= run_batch(box, code, batch, params, meter, end)
            if time.monotonic() >= total_end:
                break
    scaffold_s = time.monotonic() - began
    verdicts: dict[str, str] = {}
    with kit.Sandbox(TEST_LIMITS, label="judge") as box, tempfile.TemporaryDirectory() as own:
        judge_end = time.monotonic() + JUDGE_S_PER_PROBLEM * len(problems)
        for problem in problems:  # past the judging's time, a problem is not solved
            name = problem["name"]
            if time.monotonic() > judge_end:
                verdicts[name] = "judging time spent"
                continue
            verdicts[name] = judge(box, answers.get(name), problem, Path(own))
    n = len(problems)
    k = sum(v == "solved" for v in verdicts.values())
    p = k / n
    error = math.sqrt(p * (1 - p) / n)
    counts: dict[str, int] = {}
    for v in verdicts.values():
        counts[v] = counts.get(v, 0) + 1
    return {
        "valid": True,
        "score": p,
        "message": json.dumps(
            {"n_successes": k, "n_problems": n, "standard_error": round(error, 4)}
        ),
        "details": {
            "verdicts": verdicts,
            "counts": counts,
            "tokens": {"used": meter.used, "cap": meter.cap, "calls": meter.calls,
                       "refused": meter.refused},
            "scaffold_seconds": round(scaffold_s, 1),
            "judge_seconds": round(time.monotonic() - began - scaffold_s, 1),
            "isolated": box.isolated,
        },
    }  # fmt: skip


if __name__ == "__main__":
    kit.run_scorer(score)
