# Sourced by benchmarks/*_standard_inputs.sh, which make here what a lent GPU host needs.
# inputs_work WORK MARKER: WORK as an absolute path (made if missing, read from the caller's
# folder), or an exit if WORK/MARKER exists (an earlier run's inputs are never mixed in).
inputs_work() {
  local work=$1 marker=$2
  mkdir -p "$work" && work=$(cd "$work" && pwd) || exit 1
  if [[ -e $work/$marker ]]; then
    echo "$work already holds inputs ($marker): name a new WORK" >&2
    exit 2
  fi
  printf '%s\n' "$work"
}

# inputs_pieces WORK NAME...: WORK's NAMEs as one tar cut into WORK/parts/partNN of 60,000,000
# bytes, one a call (the device tool carries 64 MiB a call, the working tree included).
inputs_pieces() {
  local work=$1
  shift
  echo "== in pieces of 60,000,000 bytes" >&2
  mkdir -p "$work/parts"
  tar -C "$work" -cf - "$@" | split -b 60000000 -d -a 2 - "$work/parts/part" || exit 1
  ls -l "$work/parts" >&2
  echo "$(ls "$work/parts" | wc -l) pieces in $work/parts"
}
