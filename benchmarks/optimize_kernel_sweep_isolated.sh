#!/usr/bin/env bash
# Sweep optimize_kernel's scan configurations one process each, under a time limit, so that a
# configuration that hangs (a look-back waiting forever) costs its limit, not the whole sweep.
# Usage (on a GPU host): benchmarks/optimize_kernel_sweep_isolated.sh CONFIGS.json OUT.json
#   CONFIGS.json: a JSON list of configurations, as --configs of optimize_kernel_scan_variants.py
#   LIMIT (seconds a configuration, default 60) in the environment.
set -u
configs=$(realpath "$1"); out=$(realpath -m "$2")
cd "$(dirname "$0")"
work=$(mktemp -d)
python3 -c "import json, sys; [print(json.dumps([c])) for c in json.load(open(sys.argv[1]))]" \
  "$configs" > "$work/configs"
i=0
while read -r c; do
  timeout "${LIMIT:-60}" python3 optimize_kernel_scan_variants.py --configs "$c" --no-tile-only \
    --json "$work/$i.json" > "$work/$i.log" 2>&1
  echo "rc=$? $c"
  grep -v '^copy\|^{"gpu\|^config\|^best' "$work/$i.log" | tail -3
  i=$((i + 1))
done < "$work/configs"
python3 - "$work" "$i" "$out" <<'PY'
import json, sys
from pathlib import Path
work, count, out = Path(sys.argv[1]), int(sys.argv[2]), Path(sys.argv[3])
runs = [json.loads((work / f"{i}.json").read_text()) for i in range(count) if (work / f"{i}.json").exists()]
merged = {k: v for k, v in runs[0].items() if k not in ("sweep", "best")} if runs else {}
merged["sweep"] = [row for run in runs for row in run["sweep"]]
out.write_text(json.dumps(merged, indent=2))
PY
