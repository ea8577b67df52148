#!/usr/bin/env bash
# Calibrate fix_embedding `standard` on a GPU host through the runtime's local backend.
# Prepare here (a machine with Docker; standard's assets in the embedded store):
#   envspec push envs/fix_embedding && envspec pull envspec/fix_embedding:VERSION \
#       --into oci:$PWD/.devstore-fe --slim --variant standard --lock /tmp/lock.json
#   mkdir -p .devcarry-fe2 && tar -C .devstore-fe -cf - . | xz -6 > .devcarry-fe2/store.tar.xz
# (packed: the layout, 62 MiB with standard's models, is 43 MiB so). Then run this script on
# the GPU host from the repository root, with .devcarry-fe2 and the wheels for what the host
# lacks in .whl/ (torch with CUDA is the host's). Figures go to $OUT (default calibration/).
# No secret is needed here, and none should travel: the corrupted model built with it is in
# the layout already (README: "Rebuilding the assets"). After a rebuild with a new secret,
# recalibrate: the starting and reference scores depend on the permutation.
set -eu -o pipefail
out="${OUT:-envs/fix_embedding/calibration}"
. scripts/lib/gpu-host.sh
gpu_host_setup .devstore-fe .devcarry-fe2/store.tar.xz
version=$(sed -n 's/^version: //p' envs/fix_embedding/envspec.yaml)
python3 -m envspec.cli.main calibrate envs/fix_embedding --variant standard \
  --ref "oci:$PWD/.devstore-fe:envspec/fix_embedding:$version" --backend local \
  --repeats 2 --trainings "${TRAININGS:-3}" --out "$out/standard.json"
# then every exploit through the same runtime (EXPLOITS=0: none)
if [ "${EXPLOITS:-1}" != 0 ]; then
  python3 benchmarks/exploits_via_runtime.py envs/fix_embedding \
    "oci:$PWD/.devstore-fe:envspec/fix_embedding:$version" standard --backend local \
    | tee "$out/h200-exploits.txt"
fi
