#!/usr/bin/env bash
# Sweep scaling_law `standard`'s ground truth on a GPU host (the operator's step; the lent H200).
# Prepare here: python scoring/build_data.py DATA --preset standard, then
#   mkdir -p .devcarry-sl && tar -C DATA -cf - full | xz -6 -T2 > .devcarry-sl/data.tar.xz
# and run this from the repository root there with .devcarry-sl carried. STAGE=coarse sweeps a
# wide grid with one seed (for the operator's eyes only: it says where the optimum lies);
# STAGE=fine sweeps WIDTHS=F,L,N (the operator's choice around the coarse optimum) with SEEDS
# seeds. The truth (scorer-only) and the figures that may be published go to $OUT.
set -eu -o pipefail
out="${OUT:?}"
data=/tmp/scaling-law-data
if [ ! -d "$data/full" ]; then
  mkdir -p "$data" && xz -dc .devcarry-sl/data.tar.xz | tar -C "$data" -xf -
fi
nvidia-smi --query-gpu=name,memory.total,driver_version --format=csv,noheader
python3 -c 'import torch; print("torch", torch.__version__, torch.cuda.get_device_name())'
sweep=(python3 envs/scaling_law/scoring/build_truth.py "$data" standard)
case "${STAGE:?coarse or fine}" in
  coarse) "${sweep[@]}" "$out/coarse" --widths "${WIDTHS:-48,512,9}" --seeds 1 \
            --device cuda --jobs "${JOBS:-9}" --threads 1 ;;
  fine) "${sweep[@]}" "$out/truth" --widths "${WIDTHS:?}" --seeds "${SEEDS:-5}" \
            --device cuda --jobs "${JOBS:-16}" --threads 1 ;;
esac
