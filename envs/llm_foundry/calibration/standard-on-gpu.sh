#!/usr/bin/env bash
# Calibrate llm_foundry `standard` (or VARIANT=four_gpu) on a GPU host through the runtime's
# local backend, then run every exploit through it. Prepare here (a machine with Docker; the
# assets of both variants pushed to a store, STORE, with scoring/build_assets.py [--variant
# standard] and `envspec asset push`):
#   envspec push envs/llm_foundry --registry oci:$STORE
#   envspec pull oci:$STORE:envspec/llm_foundry:VERSION --into oci:$PWD/.devstore-lf \
#       --slim --variant standard --lock /tmp/lock.json       (the variant you calibrate)
#   mkdir -p .devcarry-lf2 && tar -C .devstore-lf -cf - . | xz -6 -T2 > .devcarry-lf2/store.tar.xz
# Then run this on the GPU host from the repository root, with .devcarry-lf2 and the wheels
# for what the host lacks in .whl/ (torch with CUDA is the host's). Figures go to $OUT
# (default: the calibration folder). Each scoring runs the agent's pipeline and then the
# reference on the same data: about 240 s for the starting pipeline, 50 s for the reference.
set -eu -o pipefail
out="${OUT:-envs/llm_foundry/calibration}"
. scripts/lib/gpu-host.sh
gpu_host_setup .devstore-lf .devcarry-lf2/store.tar.xz
variant="${VARIANT:-standard}"
version=$(sed -n 's/^version: //p' envs/llm_foundry/envspec.yaml)
ref="oci:$PWD/.devstore-lf:envspec/llm_foundry:$version"
if [ "${CALIBRATE:-1}" != 0 ]; then
  python3 -m envspec.cli.main calibrate envs/llm_foundry --variant "$variant" --ref "$ref" \
    --backend local --repeats "${REPEATS:-2}" --out "$out/$variant.json"
fi
# then every exploit through the same runtime (EXPLOITS=0: none; EXPLOITS_ONLY=a,b: those).
# EXPLOITS_VERSION names another version in the carried store: a copy of this one that draws fewer rows a scoring (as the
# exploit test in CI does), which keeps every exploit's effect at a fifth of the time. Made
# here: copy envs/llm_foundry, set standard's `rows: 400` and `version: VERSION-few`, push it
# to $STORE and pull it into the same layout before packing
if [ "${EXPLOITS:-1}" != 0 ]; then
  python3 benchmarks/exploits_via_runtime.py envs/llm_foundry "${ref%:*}:${EXPLOITS_VERSION:-$version}" \
    "$variant" --backend local ${EXPLOITS_ONLY:+--only "$EXPLOITS_ONLY"} \
    | tee "$out/$variant-exploits.txt"
fi
