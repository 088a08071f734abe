#!/usr/bin/env bash
# Builds the `entente` wheel for distribution and checks it installs and plays in a clean
# venv with no Rust in sight. Usage: crates/entente-py/build-wheel.sh [out-dir]
#
# The wheel: abi3 (one file for every CPython from 3.9), manylinux2014 (glibc 2.17 and
# later: every Linux x86-64 of the last ten years), the workspace's `wheel` profile
# (release optimisations, no debug info, stripped). maturin links it with zig
# (`--zig --compatibility manylinux2014`), so no manylinux container is needed; maturin and
# ziglang come from PyPI into a venv of their own (target/py-build-venv).
# MATURIN_ARGS replaces those two options (MATURIN_ARGS="" builds for this machine's glibc).
set -euo pipefail
cd "$(dirname "$0")/../.."
out=${1:-target/py-wheel-dist}
venv=target/py-build-venv
args=${MATURIN_ARGS---zig --compatibility manylinux2014}
if [ ! -x "$venv/bin/maturin" ] || ! "$venv/bin/python" -c 'import ziglang' 2>/dev/null; then
  python3 -m venv "$venv"
  "$venv/bin/pip" install --quiet maturin ziglang
fi
rm -rf "$out"
# maturin finds zig through the venv's `python -m ziglang`.
# shellcheck disable=SC2086
PATH="$PWD/$venv/bin:$PATH" "$venv/bin/maturin" build --profile wheel \
  -m crates/entente-py/Cargo.toml -o "$out" $args
wheel=$(ls "$out"/entente-*.whl)
echo "built $wheel ($(du -k "$wheel" | cut -f1) KB)"

# The tags: abi3 for CPython 3.9 and later, and manylinux2014 when built with zig (the
# module asks for no glibc symbol newer than 2.17).
tags=$(unzip -p "$wheel" 'entente-*.dist-info/WHEEL' | sed -n 's/^Tag: //p')
echo "tags: $(echo "$tags" | tr '\n' ' ')"
echo "$tags" | grep -q '^cp39-abi3-' || { echo "not an abi3 wheel" >&2; exit 1; }
if [[ "$args" == *manylinux2014* ]]; then
  echo "$tags" | grep -q 'manylinux2014_x86_64' || { echo "not manylinux2014" >&2; exit 1; }
  so=$(mktemp -d)
  unzip -q -o "$wheel" 'entente/_entente.abi3.so' -d "$so"
  newest=$(objdump -T "$so/entente/_entente.abi3.so" | grep -o 'GLIBC_[0-9.]*' | sort -V | tail -n 1)
  rm -rf "$so"
  echo "newest glibc symbol: $newest"
  [ "$(printf '%s\nGLIBC_2.17\n' "$newest" | sort -V | tail -n 1)" = GLIBC_2.17 ] \
    || { echo "needs $newest, newer than manylinux2014's glibc 2.17" >&2; exit 1; }
fi

# Installed as a user would (`pip install entente-...whl[batch]`: numpy for entente.Batch)
# into a clean venv, run from outside the sources.
check=target/py-check-venv
rm -rf "$check"
python3 -m venv "$check"
"$check/bin/pip" install --quiet "$wheel[batch]"
(cd / && "$OLDPWD/$check/bin/python" - <<'PY'
import entente as diplomacy

game = diplomacy.Game()
while not game.is_game_done and int(game.get_current_phase()[1:5]) < 1905:
    for power, orders in game.random_orders().items():
        game.set_orders(power, orders)
    game.process()
print("installed wheel plays:", game.get_current_phase(),
      {name: len(p.centers) for name, p in game.powers.items()})

batch = diplomacy.Batch(16, seed=1, end_year=1903)
while not batch.done.all():
    batch.step(batch.random_legal_orders())
print("installed wheel's Batch:", batch.phases_played, "phases,", batch.board().shape)
PY
)
