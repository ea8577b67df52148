#!/usr/bin/env bash
# gpt2_qa `standard`'s assets built on a GPU host without Debian's sources, PyPI or llama.cpp
# (the lent H100/H200): builder/build_assets.py --variant standard, which pretrains and tutors
# the students on the GPU and grades the opponents' answers with the judge on transformers
# there (the engine that then grades every scoring: hidden/judge.json says so).
# Usage, as root in the repository root:
#   benchmarks/gpt2_qa_standard_gpu.sh OUT_DIR INPUTS WHEELS SECRET_FILE
# INPUTS and WHEELS: benchmarks/gpt2_qa_standard_inputs.sh makes them (INPUTS: debs/, the
# questions' Debian sources, unpacked to /; corpus/; wheels/, ChatterBot's corpus; judge/, the
# packaged judge; WHEELS: what the host lacks for the judge on transformers). SECRET_FILE: the
# operator's (`envspec asset new-secret`; never committed, never in an image).
# Writes OUT_DIR/assets (student, hidden-VARIANT, report.json, validation.json: the judge's
# validation on PAIRS (60) held-out questions; the judge and the corpus as linked) and
# OUT_DIR/back/part* (student, hidden, report and validation as one tar in 16 MiB pieces, the
# size the device tool brings back: at most 4 a call: `benchmarks/lent_host_run.sh take
# OUT_DIR/back 4`). About 6.5 minutes on the lent H100 (2026-12-06). OUT_DIR is a folder of its
# own, never the device tool's $OUT, which is emptied after each call.
# VARIANT=lite builds lite the same way on a CPU (its judge on llama.cpp): the script's check.
# REUSE_STUDENT=DIR: an earlier build's student folder, not pretrained again (build_assets's
# --reuse-student; say a build that failed after its pretraining, its student brought back, or
# the opponents graded again under a new rule), checked to be the student built and not sent back.
set -u -o pipefail
out=${1:?usage: $0 OUT_DIR INPUTS WHEELS SECRET_FILE}
inputs=${2:?}
wheels=${3:?}
secret=${4:?}
if [[ -n ${OUT:-} && -d $out && $out -ef $OUT ]]; then
  echo "OUT_DIR is \$OUT, which the device tool empties after each call: name another" >&2
  exit 2
fi
if [[ -e $out/assets/student ]]; then
  echo "$out/assets already holds a build: name a new OUT_DIR (REUSE_STUDENT=$out/assets/student" \
    "keeps its student)" >&2
  exit 2
fi
mkdir -p "$out/assets"
out=$(cd "$out" && pwd)
export PYTHONUNBUFFERED=1
for f in "$inputs"/debs/*.deb; do dpkg -x "$f" / || exit 1; done
python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade \
  --target /tmp/site "$wheels"/*.whl || exit 1
export PYTHONPATH=/tmp/site:$PWD
variant=${VARIANT:-standard}
python3 -c "import torch, tokenizers, gguf, transformers
assert '$variant' != 'standard' or torch.cuda.is_available(), 'standard needs a GPU'" || exit 1
# build_assets takes what is already there: the judge, the corpus, the ChatterBot wheel
ln -sfn "$(cd "$inputs/judge" && pwd)" "$out/assets/judge"
ln -sfn "$(cd "$inputs/corpus" && pwd)" "$out/assets/corpus"
wheel_cache=$(python3 -c 'import tempfile; print(tempfile.gettempdir())')/envspec-gpt2-qa-wheels
mkdir -p "$wheel_cache" && cp "$inputs"/wheels/chatterbot_corpus-1.3.3-*.whl "$wheel_cache/"
nvidia-smi --query-gpu=name,memory.total,driver_version --format=csv,noheader \
  >"$out/gpu.txt" 2>&1
reuse=()
[[ -n ${REUSE_STUDENT:-} ]] && reuse=(--reuse-student "$REUSE_STUDENT")
python3 envs/gpt2_qa/builder/build_assets.py "$out/assets" --secret-file "$secret" \
  --variant "$variant" "${reuse[@]}" 2>&1 | tee "$out/build.log" || exit 1
# the judge's validation on the built assets, by the engine that grades the scorings: issue
# #20's figures 2 and 3 (the tutored student against the base, fluency) without another call;
# VALIDATE=0 leaves it to the calibration's lease (gpt2_qa_standard_calibrate_gpu.sh's
# `validate` step, side by side with the calibration: no device time of its own)
validation=()
if [[ ${VALIDATE:-1} != 0 ]]; then
  python3 envs/gpt2_qa/builder/validate_judge.py "$inputs/judge" "$out/assets" \
    "$out/assets/validation.json" --variant "$variant" --pairs "${PAIRS:-60}" \
    >"$out/validation.log" 2>&1 || { tail -20 "$out/validation.log"; exit 1; }
  validation=(validation.json)
fi
mkdir -p "$out/back"
back=(student)
if [[ -n ${REUSE_STUDENT:-} ]]; then
  # the student given is the one built (its files copied, the agent's prompts from the same
  # secret): checked, not sent back
  diff -r "$REUSE_STUDENT" "$out/assets/student" ||
    { echo "the student built differs from $REUSE_STUDENT" >&2; exit 1; }
  back=()
fi
tar -C "$out/assets" -cf - "${back[@]}" "hidden-$variant" report.json "${validation[@]}" |
  split -b 16777216 -d -a 2 - "$out/back/part" || exit 1
ls -l "$out/back" && echo "done" | tee "$out/done"
