"""A run's services listen on unix sockets in its folder under ENVSPEC_HOME: a home so deep
that their paths pass the 107 bytes a socket's name may have is refused up front with what to
do, not as an engine that "did not start"."""

from __future__ import annotations

import shutil
import tempfile
from pathlib import Path

import pytest

from envspec.errors import EngineError
from envspec.runtime import services


def test_a_home_too_deep_for_sockets_is_refused_with_a_hint(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    base = Path(tempfile.mkdtemp(prefix="es", dir="/tmp"))  # pytest's own folders are deep
    try:
        monkeypatch.setenv("ENVSPEC_HOME", str(base / "h"))
        assert services.service_dir("20261203-000000-abcdef12", "chat").is_dir()
        deep = base / ("x" * 60)
        monkeypatch.setenv("ENVSPEC_HOME", str(deep))
        with pytest.raises(EngineError) as e:
            services.service_dir("20261203-000000-abcdef12", "chat")
        assert "107" in e.value.message and "ENVSPEC_HOME" in (e.value.hint or "")
        assert not (deep / "runs" / "20261203-000000-abcdef12" / "services").exists()
    finally:
        shutil.rmtree(base)
