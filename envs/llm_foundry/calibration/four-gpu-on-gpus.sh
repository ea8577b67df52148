#!/usr/bin/env bash
# llm_foundry `four_gpu` on a host with four GPUs (issue #23): the tolerance re-checked with the
# starting pipeline as one process per GPU (tolerance.py: the same allowed and forbidden changes
# as on one GPU), then starting and reference scored REPEATS (5) times each through the
# runtime's local backend, then the exploits. Prepare as standard-on-gpu.sh says, pulling
# `--variant four_gpu`, and carry the standard assets as standard-tolerance-on-gpu.sh says
# (.devcarry-lf). Figures go to $OUT (default: the calibration folder):
# four_gpu-tolerance.json, four_gpu.json, four_gpu-exploits.txt; then put four_gpu.json's
# normalisation into envspec.yaml (a new version) and check max_distance against the
# tolerance's threshold range.
# DRY_RUN=1 on fewer GPUs (one: the launcher starts one process, as standard's pipeline):
# the tolerance alone (ROWS, REPEATS; the runtime would refuse the variant's four GPUs), its
# figures in $OUT/four_gpu-dry-run-tolerance.json.
set -eu -o pipefail
here=envs/llm_foundry/calibration
out="${OUT:-$here}"
gpus=$(nvidia-smi --query-gpu=name --format=csv,noheader | wc -l)
if [ "$gpus" -lt 4 ] && [ -z "${DRY_RUN:-}" ]; then
  echo "four_gpu needs four GPUs; this host has $gpus (DRY_RUN=1 runs the steps anyway)" >&2
  exit 2
fi
assets=/tmp/lf-assets
if [ ! -d "$assets/base" ]; then
  mkdir -p "$assets" && xz -dc .devcarry-lf/assets.tar.xz | tar -C "$assets" -xf -
fi
export PYTHONUNBUFFERED=1
name=four_gpu-tolerance
[ -n "${DRY_RUN:-}" ] && name=four_gpu-dry-run-tolerance
python3 "$here/tolerance.py" "$assets" "$out/$name.json" \
  --rows "${ROWS:-2000}" --data-seeds "${DATA_SEEDS:-1}" --repeats "${REPEATS:-5}"
if [ -n "${DRY_RUN:-}" ]; then
  echo "dry run: the runtime's part needs four GPUs (this host has $gpus)" >&2
  exit 0
fi
VARIANT=four_gpu REPEATS="${REPEATS:-5}" OUT="$out" bash "$here/standard-on-gpu.sh"
