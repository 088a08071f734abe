#!/bin/bash
# A long fuzzing campaign (issue 31's hours), at nice 19 beside other work: each target is run
# in rounds until its CPU seconds (user+sys, from /usr/bin/time) reach its budget, so a busy
# machine lengthens the wall time, not the fuzzing. Run it on a clone of its own (a build in
# the same tree would be fuzzed half-edited).
# usage: fuzz/campaign.sh A   (the libFuzzer targets, cargo-fuzz on nightly)
#        fuzz/campaign.sh B   (DAIDE, mail and saved games: the stable targets run long)
# Logs, the corpora it grows and a summary line per target: $ENTENTE_FUZZ_LOG
# (default target/fuzz-campaign). Budgets in CPU-seconds: edit the run_budget lines.
set -u
cd "$(dirname "$0")/.."
LOG=${ENTENTE_FUZZ_LOG:-$PWD/target/fuzz-campaign}
mkdir -p "$LOG"
chain=$1
run_budget() { # name budget cmd...
  local name=$1 budget=$2; shift 2
  local used=0 round=0
  while [ "$used" -lt "$budget" ]; do
    round=$((round+1))
    echo "== $name round $round, used $used of $budget CPU-s, $(date -u +%H:%M:%S)" >> $LOG/$name.log
    /usr/bin/time -f "CPU %U %S wall %e" -o $LOG/$name.time nice -n 19 "$@" >> $LOG/$name.log 2>&1
    rc=$?
    cpu=$(awk '/^CPU/{printf "%d", $2+$3}' $LOG/$name.time)
    cat $LOG/$name.time >> $LOG/$name.log
    echo "rc=$rc cpu=$cpu" >> $LOG/$name.log
    used=$((used+cpu))
    if [ $rc -ne 0 ]; then echo "FAILED rc=$rc" >> $LOG/$name.log; echo "$name FAILED" >> $LOG/summary; break; fi
  done
  echo "$name done: $used CPU-s in $round rounds $(date -u +%H:%M:%S)" >> $LOG/summary
}
if [ "$chain" = A ]; then
  cd fuzz
  nice -n 19 cargo +nightly fuzz build -s none > $LOG/build-A.log 2>&1 || { echo "build A failed" >> $LOG/summary; exit 1; }
  mkdir -p $LOG/corpus-{order,sheet,scn,variant}
  F="-rss_limit_mb=2048 -timeout=10 -max_total_time=600 -print_final_stats=1"
  run_budget order_parser 3600 cargo +nightly fuzz run -s none order_parser $LOG/corpus-order ../crates/entente-orders/fuzz-corpus/order -- $F -max_len=512
  run_budget sheet 3600 cargo +nightly fuzz run -s none sheet $LOG/corpus-sheet ../crates/entente-orders/fuzz-corpus/sheet -- $F -max_len=4096
  run_budget scenario 3600 cargo +nightly fuzz run -s none scenario $LOG/corpus-scn ../crates/entente-scenario/fuzz-corpus/scenario -- $F -max_len=32768
  run_budget variant 3600 cargo +nightly fuzz run -s none variant $LOG/corpus-variant ../crates/entente-map/fuzz-corpus/variant ../crates/entente-map/variants -- $F -max_len=131072
else
  export CARGO_TARGET_DIR=$LOG/target
  nice -n 19 cargo test --release -p entente-daide -p entente-mail -p entente-record --no-run > $LOG/build-B.log 2>&1 || { echo "build B failed" >> $LOG/summary; exit 1; }
  ENTENTE_FUZZ_SECS=300 run_budget daide 3600 cargo test --release -p entente-daide --test fuzz -- --test-threads=1
  ENTENTE_FUZZ_CASES=100000 run_budget mail 3600 cargo test --release -p entente-mail --test fuzz -- --test-threads=1
  ENTENTE_FUZZ_SECS=600 run_budget saved_games 3600 cargo test --release -p entente-record --test fuzz_saved_games -- --test-threads=1
fi
echo "chain $chain finished $(date -u +%H:%M:%S)" >> $LOG/summary
