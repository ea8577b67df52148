#!/usr/bin/env bash
# llm_foundry `standard`'s tolerance, measured on a GPU host (calibration/tolerance.py there).
# Prepare here (the standard assets are built from Debian packages):
#   python envs/llm_foundry/scoring/build_assets.py /tmp/lf-std --variant standard
#   mkdir -p .devcarry-lf && tar -C /tmp/lf-std -cf - base pool | xz -6 -T2 > .devcarry-lf/assets.tar.xz
# then run this from the repository root on the GPU host with .devcarry-lf carried (29 MB
# packed). Figures go to $OUT (default: the calibration folder). One data set at a time fits a
# call: FIRST_SEED=1 APPEND=1 adds data set 1 to the figures already in $OUT.
set -eu -o pipefail
out="${OUT:-envs/llm_foundry/calibration}"
assets=/tmp/lf-assets
if [ ! -d "$assets/base" ]; then
  mkdir -p "$assets" && xz -dc .devcarry-lf/assets.tar.xz | tar -C "$assets" -xf -
fi
export PYTHONUNBUFFERED=1
nvidia-smi --query-gpu=name,memory.total,driver_version --format=csv,noheader
python3 -c 'import torch; print("torch", torch.__version__, torch.cuda.get_device_name())'
python3 envs/llm_foundry/calibration/tolerance.py "$assets" "$out/standard-tolerance.json" \
  --rows "${ROWS:-2000}" --data-seeds "${DATA_SEEDS:-1}" --repeats "${REPEATS:-5}" \
  --first-seed "${FIRST_SEED:-0}" ${APPEND:+--append}
