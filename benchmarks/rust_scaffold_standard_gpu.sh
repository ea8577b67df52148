#!/usr/bin/env bash
# rust_scaffold `standard` on a GPU host without Docker, llama.cpp or rustc (the lent H100):
# the calibration through the runtime's local backend (the transformers engine batching on the
# GPU behind the metering proxy, the judge's rustc as the scorer kit's sandbox uids), and the
# raw model on every hidden problem (builder/measure_model.py --engine transformers).
# Usage, as root in the repository root:
#   benchmarks/rust_scaffold_standard_gpu.sh OUT_DIR STORE DEBS WHEELS [STEPS] [SAMPLES]
# STORE, DEBS and WHEELS: benchmarks/rust_scaffold_standard_inputs.sh makes them (the slim
# store of ENV_DIR's version, rustc's Debian packages, the wheels the lent host lacks for its
# Python 3.12; 2026-12-05, without opentelemetry-api, then without httpx2, which openai 3
# imports, the engine failed at its import and the run with it, cleanly: the imports below now
# go as far as the engine's). STEPS: any of "sweep calibrate measure" (default "calibrate
# measure"); sweep: the served engine over one batch of the reference's requests in each of the step
# tunings of $SWEEP (lines of engine flags; default below), $SWEEP_ROUNDS rounds (default 4),
# to choose the engine's defaults before scoring (2026-12-05 on the H100: about 300
# completion tokens a second, float32, transformers' defaults); SAMPLES: measure_model's
# answers a problem (default 8). A scoring of standard takes longer than one command may on the
# lent machine: run this under setsid (OUT_DIR a folder of its own, not the device tool's $OUT,
# which is emptied after each call) and read OUT_DIR's logs meanwhile; stop an engine by its
# pid, never `pkill -f` a pattern: the command that runs it matches too (2026-12-05: the
# machine stopped answering and was given back).
set -u -o pipefail
out=${1:?usage: $0 OUT_DIR STORE DEBS WHEELS [STEPS] [SAMPLES]}
store=${2:?}
debs=${3:?}
wheels=${4:?}
what=${5:-calibrate measure}
samples=${6:-8}
mkdir -p "$out"
export PYTHONUNBUFFERED=1 ENVSPEC_HOME=${ENVSPEC_HOME:-/var/lib/envspec-home}
if ! command -v rustc >/dev/null; then
  # rustc where the judge's PATH finds it (/usr/local/bin), its libraries beside it
  for f in "$debs"/*.deb; do dpkg -x "$f" /opt/rust || exit 1; done
  printf '%s\n' '#!/bin/sh' \
    'LD_LIBRARY_PATH=/opt/rust/usr/lib/x86_64-linux-gnu exec /opt/rust/usr/bin/rustc --sysroot /opt/rust/usr "$@"' \
    >/usr/local/bin/rustc
  chmod 755 /usr/local/bin/rustc
fi
rustc --version | tee "$out/rustc.txt" || exit 1
python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --target /tmp/site \
  "$wheels"/*.whl || exit 1
export PYTHONPATH=/tmp/site:$PWD
# what the runtime and the engine import, before a run finds out (a run takes minutes)
python3 -c 'import transformers.cli.serve, transformers.cli.serving.chat_completion
import transformers.cli.serving.completion, transformers.cli.serving.utils, fastapi, uvicorn
import gguf, openai, jsonschema, docker, ruamel.yaml, aiohttp' || exit 1
nvidia-smi --query-gpu=name,memory.total,driver_version --format=csv,noheader | tee "$out/gpu.txt"
if [[ " $what " == *" sweep "* ]]; then
  # the model as the store holds it (its largest blob, a GGUF), under a name transformers reads
  blob=$(ls -S "$store"/blobs/sha256/* | head -1)
  [[ $(head -c 4 "$blob") == GGUF ]] || { echo "the store's largest blob is no GGUF" >&2; exit 1; }
  mkdir -p "$out/model" && ln -sf "$blob" "$out/model/model.gguf"
  # float32 with transformers' defaults is known (about 300 tokens a second through a run);
  # CUDA graphs read a greedy round of 20 in 12.8 s (2026-12-05, the H100): whether they answer
  # as well is what the reference's four rounds, judged on their examples, tell (problems
  # rated 800, the ones calibration/model-on-easy-problems.json measured on llama.cpp)
  sweep=${SWEEP:---cuda-graphs on}
  flags=()
  while IFS= read -r line; do flags+=(--engine-args "$line"); done <<<"$sweep"
  python3 benchmarks/rust_scaffold_engine_batches.py "$out/model/model.gguf" \
    --rounds "${SWEEP_ROUNDS:-4}" --max-rating 800 "${flags[@]}" --json "$out/sweep.json" 2>&1 |
    tee "$out/sweep.log"
fi
# ENV_DIR: the environment the store holds (rust_scaffold_standard_inputs.sh's copy, pinned to
# the operator's sets; default the repository's)
env_dir=${ENV_DIR:-envs/rust_scaffold}
version=$(sed -n 's/^version: //p' "$env_dir/envspec.yaml")
ref="oci:$store:envspec/rust_scaffold:$version"
if [[ " $what " == *" calibrate "* ]]; then
  # SOLUTIONS: which to score (default both): the starting scaffold's run took 800 s with the
  # engine's start (H200, 2026-12-06), so a lent session's 30 minutes hold one solution's;
  # FIGURES_FROM: an earlier part's figures (calibration/standard-0.5.0-starting.json), which
  # with this part's give the normalisation
  part=()
  for s in ${SOLUTIONS:-}; do part+=(--only "$s"); done
  [[ -n ${FIGURES_FROM:-} ]] && part+=(--figures-from "$FIGURES_FROM")
  python3 -m envspec.cli.main calibrate "$env_dir" --variant standard --ref "$ref" \
    --backend local --repeats 1 "${part[@]}" --out "$out/standard.json" 2>&1 |
    tee "$out/calibrate.log"
fi
if [[ " $what " == *" measure "* ]]; then
  # the model and the hidden set as the runs fetched them (the digests of the manifest)
  assets=$ENVSPEC_HOME/cache/assets
  model=$(ls "$assets"/*/model.gguf | head -1)
  hidden=$(python3 -c 'import re,sys; print(re.search(r"rust_scaffold-hidden@sha256:(\w+)", sys.stdin.read())[1])' <"$env_dir/envspec.yaml")
  python3 envs/rust_scaffold/builder/measure_model.py "$model" --engine transformers \
    --set "$assets/$hidden" --max-rating 3000 --samples "$samples" --judges 14 \
    --out "$out/measure.json" 2>&1 | tee "$out/measure.log"
fi
echo "done: $what" | tee "$out/done"
