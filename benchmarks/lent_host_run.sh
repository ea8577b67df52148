#!/usr/bin/env bash
# On the lent GPU host, for inputs sent in pieces (benchmarks/*_standard_inputs.sh cut them;
# one piece a call, each moved into /root/dev by `mv .dev/NN/* /root/dev/`):
#   benchmarks/lent_host_run.sh start COMMAND...   unpack the pieces in /root/dev, copy the
#       repository to /root/repo and run COMMAND there under setsid (it outlives the call),
#       its output in /root/run.log
#   benchmarks/lent_host_run.sh wait SECONDS OUT_DIR FILE...   wait up to SECONDS for
#       OUT_DIR/done, print the log's tail, copy the FILEs of OUT_DIR (and the log) to $OUT
# A lent machine with no call in flight goes back after 30 s: wait inside the calls, back to
# back, until the run's `done` (2026-12-06: 28 pieces in 28 calls of about 3.5 s each).
set -u -o pipefail
case ${1:-} in
  start)
    shift
    (cd /root/dev && cat part* | tar -xf - && rm part*) || exit 1
    du -sh /root/dev/*
    rm -rf /root/repo && mkdir /root/repo && cp -a . /root/repo/ && rm -rf /root/repo/.dev
    cd /root/repo || exit 1
    setsid nohup "$@" >/root/run.log 2>&1 </dev/null &
    echo "started: $*"
    ;;
  wait)
    seconds=${2:?} out=${3:?}
    shift 3
    for ((i = 0; i < seconds; i += 10)); do [[ -e $out/done ]] && break; sleep 10; done
    tail -c 6000 /root/run.log
    cp /root/run.log "$OUT/"
    for f in "$@"; do cp "$out/$f" "$OUT/" 2>/dev/null; done
    nvidia-smi --query-gpu=utilization.gpu,memory.used --format=csv,noheader
    ;;
  *)
    echo "usage: $0 start COMMAND... | wait SECONDS OUT_DIR FILE..." >&2
    exit 2
    ;;
esac
