"""``envspec report``: a batch folder as one self-contained HTML page (its charts embedded, and
written beside it as PNGs), with the score@k curves and their intervals, each run's score over
time from its score log, and a table of runs linking to their results."""

from __future__ import annotations

import base64
import html
import json
import os
from pathlib import Path
from typing import Any

from envspec.errors import EnvspecError
from envspec.models.aggregate import normalise
from envspec.report.summary import summarise

__all__ = ["write_report"]

PAGE = "index.html"


def write_report(
    out: Path,
    dest: Path | None = None,
    *,
    max_k: int | None = None,
    seed: int = 0,
    summary: dict[str, Any] | None = None,
) -> Path:
    """Write the report of the batch in ``out`` to ``dest`` (default ``out/report``); returns
    the page's path. ``summary``: :func:`summarise`'s result, where the caller has it already
    (its bootstrap is not redone).

    Raises:
        EnvspecError: matplotlib is missing, or ``out`` holds no finished trial.
    """
    if summary is None:
        summary = summarise(out, max_k=max_k, seed=seed)
    if not summary["runs"]:
        raise EnvspecError(
            f"{out} holds no finished trial", hint="run `envspec batch SPEC --out DIR` first"
        )
    dest = dest or out / "report"
    dest.mkdir(parents=True, exist_ok=True)
    charts = _charts(out, summary, dest)
    (dest / "summary.json").write_text(json.dumps(summary, indent=2, sort_keys=True) + "\n")
    links = Path(os.path.relpath(out / "runs", dest))
    page = dest / PAGE
    page.write_text(_page(summary, charts, links))
    return page


def _pyplot() -> Any:
    try:
        import matplotlib

        matplotlib.use("Agg")  # files only: no display on a cluster node
        import matplotlib.pyplot as plt
    except ImportError as e:
        raise EnvspecError(
            "the report's charts need matplotlib", hint="pip install 'envspec[report]'"
        ) from e
    return plt


def _charts(out: Path, summary: dict[str, Any], dest: Path) -> dict[str, Path]:
    plt = _pyplot()
    charts = {}
    fig, ax = plt.subplots(figsize=(7, 4), dpi=100)
    for group in summary["groups"]:
        curve = group["score_at_k"]
        if curve is None:
            continue
        points = curve["points"]
        ks = [p["k"] for p in points]
        line = ax.plot(ks, [p["score"] for p in points], marker="o", label=_label(group))[0]
        lows, highs = [p["low"] for p in points], [p["high"] for p in points]
        ax.fill_between(ks, lows, highs, color=line.get_color(), alpha=0.2)
    ax.set_xlabel("k (runs)")
    ax.set_ylabel("score@k (normalised; 0 = starting, 1 = reference)")
    ax.set_title("score@k with 95% bootstrap intervals")
    ax.grid(alpha=0.3)
    if ax.lines:
        ax.legend(fontsize="small")
    charts["score_at_k"] = dest / "score_at_k.png"
    fig.tight_layout()
    fig.savefig(charts["score_at_k"])
    plt.close(fig)

    groups = summary["groups"]
    fig, axes = plt.subplots(len(groups), 1, figsize=(7, 2.6 * len(groups)), dpi=100, squeeze=False)
    for ax, group in zip(axes[:, 0], groups, strict=True):
        for event in summary["runs"]:
            if event["entry"] != group["entry"]:
                continue
            xs, ys = _timeline(out, event)
            ax.plot(xs, ys, marker=".", linewidth=1, alpha=0.8)
        unit = "normalised" if group["calibrated"] else "raw"
        ax.set_title(f"{_label(group)}: each run's valid scores over time", fontsize="medium")
        ax.set_xlabel("minutes since the run started")
        ax.set_ylabel(f"score ({unit})")
        ax.grid(alpha=0.3)
    charts["timelines"] = dest / "timelines.png"
    fig.tight_layout()
    fig.savefig(charts["timelines"])
    plt.close(fig)
    return charts


def _timeline(out: Path, event: dict[str, Any]) -> tuple[list[float], list[float]]:
    """A run's valid scorings: minutes since its start, score (normalised where calibrated)."""
    path = out / "runs" / f"{event['run']}.scores.json"
    records = json.loads(path.read_text()) if path.exists() else []
    norm = event.get("normalisation")
    xs, ys = [], []
    for r in records:
        if not r.get("valid") or r.get("score") is None:
            continue
        score = float(r["score"])
        if norm is not None:
            score = normalise(score, norm["starting"], norm["reference"])
        xs.append(float(r["elapsed_s"]) / 60)
        ys.append(score)
    return xs, ys


def _label(group: dict[str, Any]) -> str:
    return f"{group['entry']} ({group['environment']} {group['variant']})"


def _fmt(value: Any, digits: int = 3) -> str:
    if value is None:
        return "—"
    if isinstance(value, float):
        return f"{value:.{digits}f}"
    return str(value)


def _embedded(path: Path, alt: str) -> str:
    data = base64.b64encode(path.read_bytes()).decode()
    return f'<img alt="{html.escape(alt)}" src="data:image/png;base64,{data}">'


def _page(summary: dict[str, Any], charts: dict[str, Path], links: Path) -> str:
    e = html.escape
    groups = []
    for g in summary["groups"]:
        curve = g["score_at_k"]
        at = {p["k"]: p for p in curve["points"]} if curve else {}
        best = at.get(max(at)) if at else None
        pick = " (random pick: hidden score)" if curve and curve["random_pick"] else ""
        groups.append(
            "<tr>"
            f"<td>{e(g['entry'])}</td><td>{e(g['environment'])}</td><td>{e(g['variant'])}</td>"
            f"<td>{g['runs']}</td><td>{g['without_score']}</td><td>{_fmt(g['mean'])}</td>"
            f"<td>{_fmt(at[1]['score']) if at else '—'}</td>"
            f"<td>{e(_interval(best)) if best else '—'}{e(pick)}</td>"
            f"<td>{e(g['note'] or '')}</td></tr>"
        )
    rows = []
    for r in summary["runs"]:
        href = e((links / f"{r['run']}.json").as_posix())
        rows.append(
            "<tr>"
            f'<td>{e(r["trial"])}</td><td><a href="{href}">{e(r["run"])}</a></td>'
            f"<td>{e(r['environment'])}</td><td>{e(r['variant'])}</td>"
            f"<td>{'yes' if r['valid'] else 'no'}</td><td>{_fmt(r['raw'], 4)}</td>"
            f"<td>{_fmt(r['normalised'])}</td><td>{r['scorings']}</td>"
            f"<td>{e(r.get('isolation') or '')}</td>"
            f"<td>{_fmt(r['elapsed_s'], 1)}</td><td>{e(r.get('note') or '')}</td></tr>"
        )
    counts = f"{summary['done']} of {summary['trials']} trials done" + (
        f", {summary['errors']} could not start" if summary["errors"] else ""
    )
    return f"""<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>envspec batch report</title>
<style>
body {{ font-family: sans-serif; margin: 2em; color: #222; }}
table {{ border-collapse: collapse; margin: 1em 0; }}
th, td {{ border: 1px solid #ccc; padding: 0.3em 0.6em; text-align: left; font-size: 0.9em; }}
th {{ background: #f0f0f0; }}
img {{ max-width: 100%; }}
</style></head><body>
<h1>envspec batch report</h1>
<p>{e(counts)}. Runs without a valid score count 0 in every aggregate.</p>
<h2>Groups</h2>
<table id="groups"><tr><th>entry</th><th>environment</th><th>variant</th><th>runs</th>
<th>without score</th><th>mean</th><th>score@1</th><th>score@K [95% interval]</th><th>note</th></tr>
{"".join(groups)}
</table>
<h2>score@k</h2>
{_embedded(charts["score_at_k"], "score@k curves")}
<h2>Scores over time</h2>
{_embedded(charts["timelines"], "score timelines")}
<h2>Runs</h2>
<table id="runs"><tr><th>trial</th><th>run (result)</th><th>environment</th><th>variant</th>
<th>valid</th><th>raw</th><th>normalised</th><th>scorings</th><th>isolation</th>
<th>elapsed s</th><th>note</th></tr>
{"".join(rows)}
</table>
</body></html>
"""


def _interval(point: dict[str, Any]) -> str:
    return f"@{point['k']}: {point['score']:.3f} [{point['low']:.3f}, {point['high']:.3f}]"
