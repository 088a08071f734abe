#!/usr/bin/env bash
# entente against its peers, in one run, with ratios (docs/bench.md):
#   - entente and the `diplomacy` crate (Rust peer): the `entente-bench` binary;
#   - the `diplomacy` Python package, in a virtual environment made here.
# Usage: scripts/bench.sh [--games N] [--seconds S] [--wall-clock]
#   (options go to `entente-bench`; --wall-clock also to the Python side)
# Environment: BENCH_VENV (default target/bench/venv), PY_GAMES (default 5), PYTHON.
set -euo pipefail
# The Python package lists orders from sets: a fixed hash seed makes its random games repeatable.
export PYTHONHASHSEED=0
cd "$(dirname "$0")/.."

out=target/bench
venv=${BENCH_VENV:-$out/venv}
mkdir -p "$out"

cargo build --release -q -p entente-bench
if [ ! -x "$venv/bin/python" ]; then
  "${PYTHON:-python3}" -m venv "$venv"
fi
"$venv/bin/python" -m pip install -q --disable-pip-version-check 'diplomacy==1.1.2'

echo "entente-bench (entente + diplomacy-rs)..." >&2
./target/release/entente-bench --json "$@" > "$out/entente.json"
echo "python diplomacy package..." >&2
py_args=()
for a in "$@"; do
  if [ "$a" = --wall-clock ]; then py_args+=(--wall-clock); fi
done
"$venv/bin/python" scripts/bench_python.py --entente "$out/entente.json" \
  --games "${PY_GAMES:-5}" --json-out "$out/python.json" "${py_args[@]}" | tee "$out/table.txt"
echo "(reports: $out/entente.json, $out/python.json, $out/table.txt)" >&2
