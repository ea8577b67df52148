"""`envspec serve`: a packaged model behind the metering proxy for a harness, until Ctrl-C."""

from __future__ import annotations

import json
import signal
import subprocess
import sys
from pathlib import Path

import httpx
import pytest

from envspec.assets.models import build_model
from envspec.runtime.backends.local_services import alive
from tests.support.registry import free_port

pytest.importorskip("xllamacpp", reason="XLLAMACPP MISSING: run scripts/bootstrap")


def test_serve_answers_with_its_key_counts_and_stops_on_ctrl_c(tmp_path: Path) -> None:
    cache = Path.home() / ".cache" / "envspec-tests" / "wheels"
    build_model("smollm2-135m-instruct", tmp_path / "model", cache=cache)
    port = free_port()
    argv = [sys.executable, "-m", "envspec.cli.main", "serve", str(tmp_path / "model")]
    argv += ["--port", str(port), "--budget", "500", "--json", "--threads", "1"]
    proc = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert proc.stdout is not None
        served = json.loads(proc.stdout.readline())
        assert served["base_url"] == f"http://127.0.0.1:{port}/v1"
        body = {"messages": [{"role": "user", "content": "Hi"}], "max_tokens": 12}
        answer = httpx.post(
            f"{served['base_url']}/chat/completions",
            json=body,
            headers={"Authorization": f"Bearer {served['api_key']}"},
            timeout=120,
        )
        assert answer.status_code == 200, answer.text
        anonymous = httpx.post(f"{served['base_url']}/chat/completions", json=body, timeout=30)
        assert anonymous.status_code == 401
        folder = Path(served["usage_log"]).parent
        pids = [int(p.read_text()) for p in folder.glob("*.pid")]
        assert len(pids) == 2 and all(alive(p) for p in pids)
        proc.send_signal(signal.SIGINT)
        out, _ = proc.communicate(timeout=60)
    finally:
        proc.kill()
    assert proc.returncode == 0
    assert json.loads(out) == {"tokens": answer.json()["usage"]["total_tokens"]}
    assert not any(alive(p) for p in pids), "the engine or the proxy outlived serve"
