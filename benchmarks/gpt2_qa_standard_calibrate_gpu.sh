#!/usr/bin/env bash
# gpt2_qa `standard` calibrated on a GPU host without Docker (the lent H100/H200): `envspec
# calibrate` through the runtime's local backend (the judge service on the GPU it shares with
# the agent, the scorer's worker and judge on it too, the scorer kit's sandbox uids).
# Usage, as root in the repository root, under setsid (a scoring and the reference's
# preparation take longer together than one call of the device tool may):
#   benchmarks/gpt2_qa_standard_calibrate_gpu.sh OUT_DIR STORE WHEELS [CALIBRATE_ARGS...]
# STORE and WHEELS: benchmarks/gpt2_qa_standard_calibrate_inputs.sh makes them. OUT_DIR: a
# folder of its own, never the device tool's $OUT (emptied after each call). CALIBRATE_ARGS:
# more arguments of `envspec calibrate` (default `--repeats 1`).
# STEPS (default "calibrate"): any of
#   calibrate  the starting and reference solutions, each a job (OUT_DIR/starting.json,
#              reference.json: side by side the calibration takes the reference's time, not
#              both's), combined at the end (`--figures-from` both: OUT_DIR/standard.json);
#   seeds      the starting solution again under each of SEEDS (default "1 2 3": the inputs'
#              VERSION-seedN, standard's sampling seed N; OUT_DIR/seedN.json);
#   exploits   EXPLOITS (comma-separated; default every one) through the runtime, each in a
#              fresh run (benchmarks/exploits_via_runtime.py; OUT_DIR/exploits.log);
#   validate   the judge's validation on the pinned hidden asset (builder/validate_judge.py,
#              PAIRS questions, default 60; OUT_DIR/validation.json): what the build step
#              does (benchmarks/gpt2_qa_standard_gpu.sh) when it was left out there (VALIDATE=0,
#              to spend less device time on the build's lease).
# A run of standard takes about two minutes, its reference's about eight (the lent H100).
# JOBS (default 1): how many of the steps' jobs (calibrate; each seed; the exploits) run side
# by side on the one GPU, each in an ENVSPEC_HOME of its own ($ENVSPEC_HOME/JOB, by default
# under /var/lib/envspec-home, which the agents' users can pass through): GPU leases
# are a home's, while run users and sandbox uids are the host's, so the runs share the card
# and nothing else. JOBS=4 does calibrate, three seeds and four exploits in about the
# reference's time (12 minutes) instead of 26 one after another (JOBS=6: calibrate's two,
# three seeds and validate, 2026-12-07); each job's output is
# OUT_DIR/JOB.log, and OUT_DIR/jobs.txt says how each ended.
set -u -o pipefail
out=${1:?usage: $0 OUT_DIR STORE WHEELS [CALIBRATE_ARGS...]}
store=${2:?}
wheels=${3:?}
shift 3
args=("$@")
[[ ${#args[@]} -gt 0 ]] || args=(--repeats 1)
if [[ -n ${OUT:-} && -d $out && $out -ef $OUT ]]; then
  echo "OUT_DIR is \$OUT, which the device tool empties after each call: name another" >&2
  exit 2
fi
mkdir -p "$out"
export PYTHONUNBUFFERED=1
homes=${ENVSPEC_HOME:-/var/lib/envspec-home}
# into the interpreter itself: the scorer and the services get a clean environment (no
# PYTHONPATH; 2026-12-06, gguf in --target /tmp/site: the scorer's judge failed at its import)
python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade \
  "$wheels"/*.whl || exit 1
export PYTHONPATH=$PWD
# what the runtime, the proxy and the judge import, before a run finds out (a run takes minutes)
python3 -c 'import gguf, transformers, tokenizers, jsonschema, docker, ruamel.yaml, aiohttp, typer
import torch; assert torch.cuda.is_available(), "no GPU"' || exit 1
nvidia-smi --query-gpu=name,memory.total,driver_version --format=csv,noheader | tee "$out/gpu.txt"
version=$(sed -n 's/^version: //p' envs/gpt2_qa/envspec.yaml)
steps=" ${STEPS:-calibrate} "
: >"$out/jobs.txt"
job() { # NAME COMMAND...: in a home of its own, its output in OUT_DIR/NAME.log
  local name=$1 rc
  shift
  ENVSPEC_HOME=$homes/$name "$@" >"$out/$name.log" 2>&1
  rc=$?
  echo "$name: exit $rc" >>"$out/jobs.txt"
}
launch() { # as job, once fewer than JOBS run
  while (($(jobs -rp | wc -l) >= ${JOBS:-1})); do wait -n; done
  job "$@" &
}
if [[ $steps == *" calibrate "* ]]; then
  for role in reference starting; do
    launch "$role" python3 -m envspec.cli.main calibrate envs/gpt2_qa --variant standard \
      --ref "oci:$store:envspec/gpt2_qa:$version" --backend local --only "$role" "${args[@]}" \
      --out "$out/$role.json"
  done
fi
if [[ $steps == *" exploits "* ]]; then
  only=()
  [[ -n ${EXPLOITS:-} ]] && only=(--only "$EXPLOITS")
  launch exploits python3 benchmarks/exploits_via_runtime.py envs/gpt2_qa \
    "oci:$store:envspec/gpt2_qa:$version" standard --backend local "${only[@]}"
fi
if [[ $steps == *" seeds "* ]]; then
  for seed in ${SEEDS:-1 2 3}; do
    launch "seed$seed" python3 -m envspec.cli.main calibrate envs/gpt2_qa --variant standard \
      --only starting --ref "oci:$store:envspec/gpt2_qa:$version-seed$seed" --backend local \
      --repeats 1 --out "$out/seed$seed.json"
  done
fi
if [[ $steps == *" validate "* ]]; then
  pinned() { # NAME: the ref standard's manifest pins for its asset NAME
    sed -n '/^  standard:/,$p' envs/gpt2_qa/envspec.yaml | grep -A1 "name: $1\$" |
      sed -n 's/^ *ref: //p' | head -1
  }
  hidden=$(pinned hidden)
  model=$(sed -n 's/^ *ref: \(envspec\/model-qwen[^ ]*\)$/\1/p' envs/gpt2_qa/envspec.yaml)
  [[ -n $hidden && -n $model ]] || { echo "no pinned hidden asset or judge model" >&2; exit 1; }
  launch validate bash -c 'set -e
    python3 -m envspec.cli.main asset pull "oci:$2:$3" "$1/validate/assets/hidden-standard"
    python3 -m envspec.cli.main asset pull "oci:$2:$4" "$1/validate/judge"
    python3 envs/gpt2_qa/builder/validate_judge.py "$1/validate/judge" "$1/validate/assets" \
      "$1/validation.json" --variant standard --pairs "${PAIRS:-60}"' _ "$out" "$store" \
    "$hidden" "$model"
fi
wait
if [[ -e $out/starting.json && -e $out/reference.json ]]; then # no run: the figures combined
  python3 -m envspec.cli.main calibrate envs/gpt2_qa --variant standard \
    --figures-from "$out/starting.json" --figures-from "$out/reference.json" \
    --out "$out/standard.json" >"$out/combine.log" 2>&1
  echo "combined: exit $?" >>"$out/jobs.txt"
fi
cat "$out/jobs.txt"
# the runs' results and score logs (the scorer's details: every answer and its score)
for d in "$homes"/*/runs/*/; do cp "$d"/result.json "$out/$(basename "$d")-result.json" 2>/dev/null; done
echo "done" | tee "$out/done"
