#!/usr/bin/env bash
# On the lent GPU host, for inputs sent in pieces (benchmarks/*_standard_inputs.sh cut them;
# one piece a call, each moved into /root/dev by `mv .dev/NN/* /root/dev/`):
#   benchmarks/lent_host_run.sh start COMMAND...   unpack the pieces in /root/dev, copy the
#       repository to /root/repo and run COMMAND there under setsid (it outlives the call),
#       its output in /root/run.log
#   benchmarks/lent_host_run.sh wait SECONDS OUT_DIR FILE...   wait up to SECONDS for
#       OUT_DIR/done or the command's end, print the log's tail, copy the FILEs of OUT_DIR
#       (and the log) to $OUT
#   benchmarks/lent_host_run.sh take DIR COUNT   copy the next COUNT files of DIR not yet
#       taken (say a build's back/part*, 16 MiB each) to $OUT, and say how many are left
# OUT_DIR must not be $OUT (/root/out on the lent host): the device tool moves what $OUT holds
# back after each call and empties it, so a build written there loses everything that did
# not come back in that call (2026-12-06: gpt2_qa's standard assets, 15 pieces, were lost so).
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
    echo $! >/root/run.pid
    echo "started: $*"
    ;;
  wait)
    seconds=${2:?} out=${3:?}
    shift 3
    if [[ $out -ef ${OUT:-/nonexistent} ]]; then
      echo "OUT_DIR is \$OUT, which the device tool empties after each call: name another" >&2
      exit 2
    fi
    pid=$(cat /root/run.pid 2>/dev/null)
    for ((i = 0; i < seconds; i += 10)); do
      [[ -e $out/done ]] && break
      # the command ended without its `done`: waiting longer spends device time for nothing
      [[ -n $pid ]] && ! kill -0 "$pid" 2>/dev/null && { echo "the command has ended"; break; }
      sleep 10
    done
    tail -c 6000 /root/run.log
    cp /root/run.log "$OUT/"
    for f in "$@"; do cp "$out/$f" "$OUT/" 2>/dev/null; done
    nvidia-smi --query-gpu=utilization.gpu,memory.used --format=csv,noheader
    ;;
  take)
    dir=${2:?} count=${3:?}
    mkdir -p "$dir/.taken"
    n=0
    for f in "$dir"/*; do
      [[ -f $f ]] || continue
      ((n < count)) || break
      cp "$f" "$OUT/" && mv "$f" "$dir/.taken/" && n=$((n + 1))
    done
    echo "taken $n; left $(find "$dir" -maxdepth 1 -type f | wc -l)"
    ;;
  *)
    echo "usage: $0 start COMMAND... | wait SECONDS OUT_DIR FILE... | take DIR COUNT" >&2
    exit 2
    ;;
esac
