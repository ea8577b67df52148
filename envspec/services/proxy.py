"""The metering proxy: the agent's only route to a run's services.

One proxy process fronts one service. It answers only the service's routes, only with a key it
was given (the agent's, metered against the run's budget, or the scorer's, counted but never
refused for budget), forwards each request to the service, and takes every request's usage
from the service's own answer: ``usage.total_tokens`` of an OpenAI-compatible response (also
the last chunk of a stream, which it asks for with ``stream_options.include_usage``), or the
number a narrower service reports in a header (``X-Envspec-Usage``, in the service's unit).
A narrower service may also price a request before it runs (its ``quote`` route answers
``{"usage": N}`` for the same body): the proxy refuses a request that costs more than is left
and holds its cost while it runs, so that concurrent requests never overshoot the budget, and a
request whose answer reports no usage (or never comes) is charged its quote.

Once the agent's budget is spent, its requests are refused with an OpenAI-style error
(HTTP 429, ``insufficient_quota``) that clients show as they are. A completion is capped at
what is left (``max_tokens``), so one request overshoots the budget by at most its prompt.
Every request is appended to a usage log (JSON lines, flushed before the answer is sent), which
the runtime sums into the run's result; the totals are re-read from that log when the proxy
starts again, so a restart never forgets what was spent. A variant may also cap how many
requests the agent makes (``budgets.requests``: a judge's comparisons); once they are made,
further ones are refused the same way, requests in flight counted.

Self-contained on purpose (standard library and aiohttp only): service images copy this file,
as scorer images copy the scorer kit. Run as ``python proxy.py CONFIG.json``.

Why not an existing LLM proxy (LiteLLM and the like): they meter with their own tokenizer or
price tables, keep state in a database and bring dozens of dependencies into an image that
must stay small and auditable; what is needed here is 300 lines that count the engine's own
numbers.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import hmac
import json
import os
import signal
import sys
import time
from pathlib import Path
from typing import Any

from aiohttp import ClientError, ClientSession, ClientTimeout, UnixConnector, web

#: requests larger than this are refused before anything is forwarded
MAX_BODY_BYTES = 4 << 20
#: the header a narrower service reports its usage in (an integer in its unit)
USAGE_HEADER = "X-Envspec-Usage"
#: routes of an OpenAI-compatible model endpoint that the agent may use
OPENAI_ROUTES = ("/v1/chat/completions", "/v1/completions", "/v1/models")
#: the routes that generate, whose completion length is capped by what is left of the budget
GENERATING = ("/v1/chat/completions", "/v1/completions")
#: what else an engine may read as a completion's length (the proxy caps ``max_tokens``)
LENGTH_ALIASES = ("max_completion_tokens", "n_predict", "max_new_tokens")


@dataclasses.dataclass(frozen=True)
class Config:
    """What one proxy serves, read from the JSON file the runtime writes (mode 0600)."""

    upstream: str  # http://host:port of the service, reachable from the proxy only
    listen_host: str
    listen_port: int
    usage_log: Path
    keys: dict[str, str]  # key -> principal ("agent" is metered; any other is counted only)
    api: str = "openai"  # "openai", or "custom" (the routes below, usage from USAGE_HEADER)
    routes: tuple[str, ...] = OPENAI_ROUTES
    budget: int | None = None  # the agent's allowance in the service's unit; None: unlimited
    #: the most requests the agent may make (a judge's comparisons); None: unlimited. Refused
    #: requests do not count, nor reads (GET, HEAD) at a service with a price list
    request_budget: int | None = None
    unit: str = "tokens"
    service: str = "model"
    upstream_timeout_s: float | None = 600.0  # None: as long as the service takes (custom)
    quote: str | None = None  # custom: the route that prices a request before it runs
    #: how a stream's usage comes: "ask" (set stream_options.include_usage: llama.cpp) or
    #: "always" (sent unasked, and the option refused: transformers serve)
    stream_usage: str = "ask"
    #: the engine serves one model and refuses requests naming another: names are dropped
    pinned_model: bool = False
    #: the engine reuses prompts cached from any principal's requests (llama.cpp's slots): the
    #: agent's requests are sent with ``cache_prompt: false``, so that neither the answer's
    #: ``timings.cache_n`` nor its speed says what the scorer (or a scaffold it ran) asked
    prompt_cache: bool = False
    #: also listen on this unix socket (made 0600): the scorer's route, which needs no network
    #: in its container and which code the scorer sandboxes (another uid) cannot open
    listen_unix: str | None = None

    @classmethod
    def load(cls, path: Path) -> Config:
        """The configuration in ``path``."""
        raw = json.loads(path.read_text(encoding="utf-8"))
        raw["usage_log"] = Path(raw["usage_log"])
        raw["routes"] = tuple(raw.get("routes") or OPENAI_ROUTES)
        return cls(**raw)

    def serves(self, path: str) -> bool:
        """Whether ``path`` is one of the routes (a route ending in ``*`` is a prefix). A path
        with a dot segment or an empty one is none: behind a prefix route, ``/v1/jobs/../x``
        would reach whatever the service makes of it."""
        segments = path.split("/")[1:]
        if any(seg in ("", ".", "..") for seg in segments[:-1]) or segments[-1:] in ([".."], ["."]):
            return False
        return any(path.startswith(r[:-1]) if r.endswith("*") else path == r for r in self.routes)


class Meter:
    """What each principal has used, kept in the usage log so that it survives a restart."""

    def __init__(self, log: Path, budget: float | None) -> None:
        self.log = log
        self.budget = budget
        self.used: dict[str, int] = {}
        self.requests = 0
        self.counted = 0  # the agent's requests that drew on the request budget
        if log.exists():
            for line in log.read_text(encoding="utf-8").splitlines():
                if line.strip():
                    self._add(json.loads(line))

    def _add(self, entry: dict[str, Any]) -> None:
        principal = entry["principal"]
        self.used[principal] = self.used.get(principal, 0) + int(entry.get("usage") or 0)
        self.requests += 1
        self.counted += bool(entry.get("counted"))

    def left(self) -> float | None:
        """What the agent may still use (None: no budget)."""
        if self.budget is None:
            return None
        return max(0, self.budget - self.used.get("agent", 0))

    def record(self, entry: dict[str, Any]) -> None:
        """Append one request's usage to the log, durably, and count it."""
        self._add(entry)
        entry = {"seq": self.requests, "time": time.time(), **entry}
        with self.log.open("a", encoding="utf-8") as f:
            f.write(json.dumps(entry, sort_keys=True) + "\n")
            f.flush()
            os.fsync(f.fileno())


def _error(status: int, message: str, kind: str, code: str) -> web.Response:
    """An OpenAI-style error body, which OpenAI clients raise with this message."""
    body = {"error": {"message": message, "type": kind, "code": code, "param": None}}
    return web.json_response(body, status=status)


class Proxy:
    """The aiohttp application of one proxy."""

    def __init__(self, config: Config) -> None:
        self.config = config
        self.meter = Meter(config.usage_log, config.budget)
        self.lock = asyncio.Lock()  # budget check and reservation are one step
        self.reserved = 0.0  # what requests in flight may still use (tokens, quotes)
        self.in_flight = 0  # the agent's requests running that draw on the request budget
        self.session: ClientSession | None = None
        self.base = config.upstream

    def app(self) -> web.Application:
        """The application: every path goes through :meth:`handle`."""
        app = web.Application(client_max_size=MAX_BODY_BYTES)
        app.router.add_route("*", "/{tail:.*}", self.handle)
        app.on_startup.append(self._open)
        app.on_cleanup.append(self._close)
        return app

    async def _open(self, _: web.Application) -> None:
        timeout = ClientTimeout(total=self.config.upstream_timeout_s, sock_connect=30)
        upstream = self.config.upstream
        # an engine on a unix socket (the local backend's): no port for anyone to reach
        connector = UnixConnector(path=upstream[5:]) if upstream.startswith("unix:") else None
        self.base = "http://engine" if connector else upstream
        self.session = ClientSession(timeout=timeout, auto_decompress=False, connector=connector)

    async def _close(self, _: web.Application) -> None:
        if self.session is not None:
            await self.session.close()

    def _principal(self, request: web.Request) -> str | None:
        given = request.headers.get("Authorization", "")
        key = given[7:] if given.startswith("Bearer ") else ""
        for known, principal in self.config.keys.items():
            if key and hmac.compare_digest(key.encode(), known.encode()):
                return principal
        return None

    async def handle(self, request: web.Request) -> web.StreamResponse:
        """Check the key, the route and the budget; forward; count the usage."""
        principal = self._principal(request)
        if principal is None:
            return _error(
                401, "invalid API key for this run", "invalid_request_error", "invalid_api_key"
            )
        if not self.config.serves(request.path):
            routes = ", ".join(self.config.routes)
            return _error(
                404,
                f"{request.path} is not served here (routes: {routes})",
                "invalid_request_error",
                "not_found",
            )
        body = await request.read()
        payload: Any = None
        if body:
            try:
                payload = json.loads(body)
            except ValueError:
                return _error(
                    400, "the request body is not JSON", "invalid_request_error", "invalid_json"
                )
        why = _several_completions(request.path, payload) if self.config.api == "openai" else None
        if why is not None:
            return _error(400, why, "invalid_request_error", "one_completion_a_request")
        c = self.config
        reading = bool(c.quote) and request.method in ("GET", "HEAD")
        # with a price list reading results stays free; all else is priced (and counted)
        metered = principal == "agent" and c.budget is not None and not reading
        counted = principal == "agent" and c.request_budget is not None and not reading
        quoted: float | None = None
        if metered and c.quote:
            price = await self._quote(body)
            if isinstance(price, web.Response):  # the service refused it: said as it is
                return price
            quoted = price
        if counted:
            async with self.lock:
                assert c.request_budget is not None
                if self.meter.counted + self.in_flight >= c.request_budget:
                    self.meter.record(
                        {"principal": principal, "path": request.path, "usage": 0, "status": 429}
                    )
                    return self._requests_spent()
                self.in_flight += 1
        try:
            return await self._metered(request, principal, payload, body, quoted, metered, counted)
        finally:
            if counted:
                async with self.lock:
                    self.in_flight -= 1

    async def _metered(
        self,
        request: web.Request,
        principal: str,
        payload: Any,
        body: bytes,
        quoted: float | None,
        metered: bool,
        counted: bool,
    ) -> web.StreamResponse:
        """Hold what the request may cost against the budget in the unit, then forward it."""
        cap: float = 0
        if metered:
            async with self.lock:
                left = (self.meter.left() or 0) - self.reserved
                if left <= 0 or (quoted is not None and quoted > left):
                    # refusals are logged too: the log is every request the agent made
                    self.meter.record(
                        {"principal": principal, "path": request.path, "usage": 0, "status": 429}
                    )
                    return self._spent(quoted)
                if quoted is not None:
                    cap = quoted
                elif request.path in GENERATING and isinstance(payload, dict):
                    cap = left
                    for name in ("max_tokens", *LENGTH_ALIASES):  # the least asked for
                        asked = payload.get(name)
                        if isinstance(asked, int) and 0 < asked < cap:
                            cap = asked
                    payload["max_tokens"] = int(cap)
                    # the length's other names go: llama.cpp reads its own n_predict before
                    # max_tokens, which lifted the cap (an attacker's review, 2026-12-06)
                    for name in LENGTH_ALIASES:
                        payload.pop(name, None)
                self.reserved += cap
        try:
            return await self._forward(request, principal, payload, body, cap, counted)
        finally:
            if cap:
                async with self.lock:
                    self.reserved -= cap

    def _requests_spent(self) -> web.Response:
        c = self.config
        message = (
            f"the run's {c.service} budget of {c.request_budget:,} requests is spent "
            f"({self.meter.counted:,} made, counting requests in flight): no further requests "
            "are served in this run"
        )
        return _error(429, message, "insufficient_quota", "request_budget_exhausted")

    def _spent(self, quoted: float | None = None) -> web.Response:
        c = self.config
        used = f"{self.meter.used.get('agent', 0):,} of {c.budget:,g} {c.unit}"
        if quoted is not None and (self.meter.left() or 0) > 0:
            message = (
                f"this request costs {quoted:,g} {c.unit}, more than is left of the run's "
                f"{c.service} budget ({used} used, counting requests in flight)"
            )
        else:
            message = (
                f"the run's {c.service} budget is spent ({used}): no further requests are "
                "served in this run"
            )
        return _error(429, message, "insufficient_quota", "budget_exhausted")

    async def _quote(self, body: bytes) -> float | web.Response:
        """What the service says the request ``body`` costs, or its refusal of it."""
        assert self.session is not None and self.config.quote is not None
        try:
            async with self.session.post(
                self.base + self.config.quote,
                data=body or None,
                headers={"Content-Type": "application/json"},
            ) as answer:
                content = await answer.read()
                if answer.status != 200:
                    kept = {"Content-Type": answer.headers.get("Content-Type", "text/plain")}
                    return web.Response(status=answer.status, body=content, headers=kept)
                amount = float(json.loads(content)["usage"])
                if amount < 0:
                    raise ValueError(amount)
                return amount
        except (ClientError, TimeoutError, OSError, ValueError, KeyError, TypeError):
            return _error(
                502,
                f"the {self.config.service} service could not price this request",
                "api_error",
                "upstream_unavailable",
            )

    async def _forward(
        self,
        request: web.Request,
        principal: str,
        payload: Any,
        body: bytes,
        cap: float,
        counted: bool = False,
    ) -> web.StreamResponse:
        assert self.session is not None
        streaming = isinstance(payload, dict) and bool(payload.get("stream"))
        if isinstance(payload, dict) and self.config.api == "openai":
            if self.config.pinned_model:
                payload.pop("model", None)
            if self.config.prompt_cache and principal == "agent":
                payload["cache_prompt"] = False
            if self.config.stream_usage == "always":
                payload.pop("stream_options", None)
            elif streaming:
                options = payload.get("stream_options")
                payload["stream_options"] = {
                    **(options if isinstance(options, dict) else {}),
                    "include_usage": True,
                }
        data = json.dumps(payload).encode() if payload is not None else body
        headers = {"Content-Type": "application/json"} if data else {}
        entry: dict[str, Any] = {"principal": principal, "path": request.path, "usage": 0}
        if cap:
            entry["cap"] = cap
        if counted:  # forwarded, so it drew on the request budget whatever the answer
            entry["counted"] = True
        try:
            async with self.session.request(
                request.method,
                self.base + request.path,
                data=data or None,
                headers=headers,
            ) as upstream:
                entry["status"] = upstream.status
                if streaming and upstream.status == 200:
                    return await self._stream(request, upstream, entry)
                content = await upstream.read()
                entry.update(self._usage(upstream.headers, content))
                if self.config.quote and not entry["usage"] and cap:
                    entry["usage"] = cap  # priced, so charged: whatever the answer says
                self.meter.record(entry)
                kept = {k: v for k, v in upstream.headers.items() if k.lower() in ("content-type",)}
                return web.Response(status=upstream.status, body=content, headers=kept)
        except (ClientError, TimeoutError, OSError) as e:
            entry.update(status=502, error=type(e).__name__)
            if self.config.quote and cap:
                entry["usage"] = cap  # the work may have been done: what was priced is spent
            self.meter.record(entry)
            return _error(
                502,
                f"the {self.config.service} service did not answer",
                "api_error",
                "upstream_unavailable",
            )

    def _usage(self, headers: Any, content: bytes) -> dict[str, Any]:
        """The usage the service reported for one answer (zero when it reported none)."""
        if self.config.api != "openai":
            text = headers.get(USAGE_HEADER, "0")
            try:
                return {"usage": max(0, int(text))}
            except ValueError:
                try:
                    return {"usage": max(0, int(float(text)))}
                except ValueError:
                    return {"usage": 0}
        try:
            usage = json.loads(content).get("usage") or {}
        except (ValueError, AttributeError):
            return {"usage": 0}
        return _openai_usage(usage)

    async def _stream(
        self, request: web.Request, upstream: Any, entry: dict[str, Any]
    ) -> web.StreamResponse:
        """Pass a server-sent-event stream through, reading the usage chunk on the way."""
        out = web.StreamResponse(status=200, headers={"Content-Type": "text/event-stream"})
        await out.prepare(request)
        pending = b""
        try:
            async for chunk in upstream.content.iter_any():
                await out.write(chunk)
                pending += chunk
                # only the events that carry usage are parsed (one a stream, at its end): a JSON
                # parse of every token's event would cost the agent throughput
                if b'"usage"' not in pending:
                    pending = pending[pending.rfind(b"\n") + 1 :]
                    continue
                *lines, pending = pending.split(b"\n")
                for line in lines:
                    if line.startswith(b"data: {") and b'"usage"' in line:
                        try:
                            usage = json.loads(line[6:]).get("usage")
                        except ValueError:
                            usage = None
                        if usage:
                            entry.update(_openai_usage(usage))
        finally:
            # recorded even when the client went away mid-stream: what the engine reported
            # by then is what was used (a stream cut before its usage chunk counts its cap)
            if not entry.get("usage") and entry["principal"] == "agent":
                entry["usage"] = entry.get("cap", 0)
            self.meter.record(entry)
        await out.write_eof()
        return out


def _several_completions(path: str, payload: Any) -> str | None:
    """Why a generating request asks for more than one completion (None: it does not). An
    engine may generate them all and report the usage of one (llama.cpp does, for ``n`` and for
    a list of prompts), and ``max_tokens`` caps each, not their sum: so the meter takes one
    completion a request, and a client that wants more sends more requests."""
    if path not in GENERATING or not isinstance(payload, dict):
        return None
    if payload.get("n", 1) != 1 or payload.get("best_of", 1) != 1:
        return "ask for one completion a request (n and best_of 1): send more requests for more"
    prompt = payload.get("prompt")
    if path == "/v1/completions" and not isinstance(prompt, str):
        return "prompt must be one string: send one request a prompt"
    return None


def _openai_usage(usage: dict[str, Any]) -> dict[str, Any]:
    prompt = int(usage.get("prompt_tokens") or 0)
    completion = int(usage.get("completion_tokens") or 0)
    total = int(usage.get("total_tokens") or prompt + completion)
    return {"usage": total, "prompt_tokens": prompt, "completion_tokens": completion}


def main(argv: list[str]) -> int:
    """Serve until SIGTERM, on the address of the configuration file ``argv[0]``."""
    config = Config.load(Path(argv[0]))
    proxy = Proxy(config)

    async def serve() -> None:
        runner = web.AppRunner(proxy.app(), access_log=None)
        await runner.setup()
        site = web.TCPSite(runner, config.listen_host, config.listen_port)
        await site.start()
        if config.listen_unix:
            with contextlib.suppress(FileNotFoundError):
                os.unlink(config.listen_unix)
            await web.UnixSite(runner, config.listen_unix).start()
            os.chmod(config.listen_unix, 0o600)
        print(
            f"proxy for {config.service} listening on {config.listen_host}:{config.listen_port}",
            flush=True,
        )
        stop = asyncio.Event()
        loop = asyncio.get_running_loop()
        for sig in (signal.SIGTERM, signal.SIGINT):
            loop.add_signal_handler(sig, stop.set)
        await stop.wait()
        await runner.cleanup()

    asyncio.run(serve())
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
