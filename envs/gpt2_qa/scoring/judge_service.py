"""gpt2_qa's judge service: the agent's only way to ask the judge model anything.

A custom service of the manifest (unit ``judge_tokens``): the runtime starts it from the scorer
image with the run, behind the metering proxy, which asks ``/v1/quote`` for a request's worst
cost before it runs and refuses it once the run's budget could not pay for it.

    POST /v1/quote   {"message": M, "answers": [A, B]} -> {"usage": the most it can cost}
    POST /v1/compare {"message": M, "answers": [A, B]} -> {"preference": 1 | 0.5 | 0}
    GET  /health

``preference`` is how answer A fares against B (judge.py: each graded for M less its grade as
an answer to a control drawn per call as the scorer's were drawn, controls_for; 0.5 a tie). Nothing
else is answered: no free prompt, no grade, no text of the model's. The model runs in this
process, in the service's own container or (local backend) on the host, outside
the run's network namespace, so the proxy is the only way the agent has to it. A comparison's
usage is the tokens the engine counted for it (0 for degenerate answers, which are never shown
to the model; at least MIN_CHARGE); its quote bounds them: a byte-level tokenizer never makes
more tokens than bytes. The variant also caps the comparisons themselves
(``budgets.requests``), which the proxy counts.
"""

from __future__ import annotations

import http.server
import json
import os
import random
from pathlib import Path
from typing import Any

import judge
import scorer_kit

#: what one grading may cost beyond its text's bytes: the chat template's own tokens, and the
#: one generated token
OVERHEAD_TOKENS = 64
#: what any comparison costs at least (one of two degenerate answers reaches no model, but a
#: flood of them must still draw on the budget)
MIN_CHARGE = 16
#: the largest request body read (the proxy refuses larger ones first)
MAX_BODY = 1 << 16
PICK = random.SystemRandom()


class State:
    """What main() loads: the judge model's ``Ask``, the controls for messages about no
    quoted subject and the words the subjects of the others' controls are drawn from."""

    ask: judge.Ask
    controls: list[str]
    outlines: judge.Outlines
    english: frozenset[str]


def controls_for(message: str, controls: list[str], outlines: judge.Outlines) -> list[str]:
    """The controls a comparison for ``message`` draws from, as the scorer's were drawn when
    its assets were built: ``message`` asked of each word spelled like its quoted subject
    (judge.Outlines), or, for a subject no word is spelled like or none, ``controls`` (but
    ``message`` itself)."""
    return (
        judge.spelled_like(message, outlines) or [c for c in controls if c != message] or controls
    )


def _comparison(body: Any) -> tuple[str, list[str]] | str:
    """(message, answers) of a request, or why it is not one."""
    if not isinstance(body, dict) or set(body) != {"message", "answers"}:
        return 'send a JSON object {"message": "...", "answers": ["...", "..."]}'
    message, answers = body["message"], body["answers"]
    if not isinstance(message, str) or not message.strip():
        return "message must be a non-empty string"
    if (
        not isinstance(answers, list)
        or len(answers) != 2
        or not all(isinstance(a, str) for a in answers)
    ):
        return "answers must be a list of two strings"
    return message, answers


def _cost(chat: list[dict[str, str]]) -> int:
    """The most one grading ``chat`` can cost."""
    text = "".join(m["content"] for m in chat)
    return len(text.encode(errors="surrogatepass")) + OVERHEAD_TOKENS  # JSON allows lone ones


def quote(
    message: str, answers: list[str], controls: list[str], english: frozenset[str] | None = None
) -> int:
    """The most a comparison can cost in tokens, ``controls`` being those it draws from
    (controls_for): for each answer shown, its grading, its control's with the control that
    makes it longest (the answer's mentions found once: the quote is never charged, so it
    must cost little), and its grading as it stands for the longest control."""
    total = 0
    shown = [a for a in answers if judge.degenerate(message, a) is None]
    for answer in shown:
        found = judge.mentions(message, answer)
        total += _cost(judge.chat(message, answer))
        total += max(
            _cost(judge.control_chat(message, answer, c, found, english)) for c in controls
        )
        total += max(_cost(judge.chat(c, answer)) for c in controls)
    return max(MIN_CHARGE, total)


class Judge(http.server.BaseHTTPRequestHandler):
    """The routes."""

    def _answer(self, status: int, body: object, usage: int = 0) -> None:
        scorer_kit.send_json(self, status, body, usage)

    def _body(self) -> Any:
        length = int(self.headers.get("Content-Length") or 0)
        try:
            return json.loads(self.rfile.read(min(length, MAX_BODY)) or b"null")
        except ValueError:
            return None

    def do_GET(self) -> None:
        if self.path == "/health":
            self._answer(200, {"ok": True})
        else:
            self._answer(404, {"error": {"message": "no such route"}})

    def do_POST(self) -> None:
        request = _comparison(self._body())
        if isinstance(request, str):
            self._answer(400, {"error": {"message": request, "type": "invalid_request_error"}})
            return
        message, answers = request
        controls = controls_for(message, State.controls, State.outlines)
        if self.path == "/v1/quote":
            self._answer(200, {"usage": quote(message, answers, controls, State.english)})
        elif self.path == "/v1/compare":
            control = PICK.choice(controls)
            a, b = (judge.grade(State.ask, message, x, control, State.english) for x in answers)
            self._answer(
                200, {"preference": judge.preference(a, b)}, max(MIN_CHARGE, a.tokens + b.tokens)
            )
        else:
            self._answer(404, {"error": {"message": "no such route"}})

    def log_message(self, *args: object) -> None:  # the requests are in the proxy's log
        pass


def main() -> None:
    """Load the judge model and the controls, then serve."""
    params = json.loads(os.environ.get("ENVSPEC_PARAMETERS", "{}"))
    hidden = Path(os.environ["ENVSPEC_ASSET_HIDDEN"])
    # a pool of its own, never the scorer's controls: what a comparison costs tells the agent
    # the length of the control it drew
    pool = hidden / "service_controls.jsonl"
    State.controls = [json.loads(line)["prompt"] for line in pool.open()]
    State.outlines = judge.outlines(str(hidden))
    State.english = judge.english(str(hidden))
    model = Path(os.environ["ENVSPEC_ASSET_JUDGE"]) / "model.gguf"
    engine = judge.engine_of(str(hidden))
    State.ask = judge.asker(str(model), engine, threads=int(params.get("judge_threads", 2)))
    scorer_kit.serve_service(Judge)


if __name__ == "__main__":
    main()
