"""Runs the agent's scaffold on one batch of problems, inside the scorer's sandbox.

    python host.py      (in the sandbox's folder, next to scaffold.py, contest.py, rust_tools.py)

Started by score.py as an untrusted process of its own uid with no network: everything here
may be tampered with by the scaffold, and nothing it says is believed beyond the programs it
hands in. Protocol (JSON lines): the first line on stdin is ``{"problems": [...],
"concurrency": K}``; the scaffold's model calls go out on stdout as ``{"ask": ID, "body": {...}}``
and come back on stdin as ``{"reply": ID, "response": {...}}`` or ``{"reply": ID, "error": "..."}``;
each finished problem goes out as ``{"answer": NAME, "code": "..."}`` (or ``{"failed": NAME}``).
What the scaffold prints goes to stderr, which the scorer discards.
"""

from __future__ import annotations

import asyncio
import importlib
import json
import os
import sys
from typing import Any

import contest


class _Pipe:
    """The protocol's two ends: lines out (a private copy of stdout), replies in."""

    def __init__(self) -> None:
        self.out = os.fdopen(os.dup(1), "w", buffering=1, encoding="utf-8")
        os.dup2(2, 1)  # the scaffold's prints: to stderr, never into the protocol
        sys.stdout = sys.stderr
        self.waiting: dict[int, asyncio.Future[dict[str, Any]]] = {}
        self.next_id = 0

    def send(self, message: dict[str, Any]) -> None:
        self.out.write(json.dumps(message) + "\n")

    async def ask(self, body: dict[str, Any]) -> dict[str, Any]:
        self.next_id += 1
        future: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()
        self.waiting[self.next_id] = future
        self.send({"ask": self.next_id, "body": body})
        return await future

    async def read_replies(self, reader: asyncio.StreamReader) -> None:
        while line := await reader.readline():
            message = json.loads(line)
            future = self.waiting.pop(int(message.get("reply", -1)), None)
            if future is None or future.done():
                continue
            if "error" in message:
                future.set_exception(contest.ModelError(str(message["error"])))
            else:
                future.set_result(message["response"])


async def _main() -> None:
    loop = asyncio.get_running_loop()
    reader = asyncio.StreamReader(limit=64 << 20)
    await loop.connect_read_pipe(lambda: asyncio.StreamReaderProtocol(reader), sys.stdin)
    pipe = _Pipe()
    batch = json.loads(await reader.readline())
    replies = asyncio.create_task(pipe.read_replies(reader))
    sys.path.insert(0, os.getcwd())
    scaffold = importlib.import_module("scaffold")
    client = contest.Client(pipe.ask)
    semaphore = asyncio.Semaphore(int(batch["concurrency"]))

    async def one(problem: dict[str, Any]) -> None:
        try:
            code = await scaffold.generate_solution(client, semaphore, problem)
        except Exception as e:
            pipe.send({"failed": problem["name"], "error": repr(e)[:300]})
            return
        pipe.send({"answer": problem["name"], "code": str(code)})

    await asyncio.gather(*(one(p) for p in batch["problems"]))
    replies.cancel()


if __name__ == "__main__":
    asyncio.run(_main())
