#!/usr/bin/env bash
# Builds the `entente` wheel for distribution and checks it installs and plays in a clean
# venv with no Rust in sight. Usage: crates/entente-py/build-wheel.sh [out-dir]
#
# The wheel: abi3 (one file for every CPython from 3.9), the workspace's `wheel` profile
# (release optimisations, no debug info, stripped). Its manylinux tag is the building
# machine's glibc; for a wheel older systems take, run this inside a manylinux container
# (quay.io/pypa/manylinux2014_x86_64) or pass MATURIN_ARGS="--zig --compatibility
# manylinux2014" with ziglang installed.
set -euo pipefail
cd "$(dirname "$0")/../.."
out=${1:-target/py-wheel-dist}
venv=target/py-build-venv
if [ ! -x "$venv/bin/maturin" ]; then
  python3 -m venv "$venv"
  "$venv/bin/pip" install --quiet maturin
fi
rm -rf "$out"
# shellcheck disable=SC2086
"$venv/bin/maturin" build --profile wheel -m crates/entente-py/Cargo.toml -o "$out" ${MATURIN_ARGS:-}
wheel=$(ls "$out"/entente-*.whl)
echo "built $wheel ($(du -k "$wheel" | cut -f1) KB)"

check=target/py-check-venv
rm -rf "$check"
python3 -m venv "$check"
"$check/bin/pip" install --quiet "$wheel"
(cd / && "$OLDPWD/$check/bin/python" - <<'PY'
import entente as diplomacy

game = diplomacy.Game()
while not game.is_game_done and int(game.get_current_phase()[1:5]) < 1905:
    for power, orders in game.random_orders().items():
        game.set_orders(power, orders)
    game.process()
print("installed wheel plays:", game.get_current_phase(),
      {name: len(p.centers) for name, p in game.powers.items()})
PY
)
