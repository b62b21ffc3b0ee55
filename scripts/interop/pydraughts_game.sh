#!/usr/bin/env bash
# Complete Russian or International games with damka as a Hub engine under pydraughts'
# HubEngine, pydraughts refereeing every move (see pydraughts_game.py). Not part of CI: it needs
# the network once, to install pydraughts into a virtual environment under target/.
#
#   scripts/interop/pydraughts_game.sh                      # damka vs damka, then a random mover vs damka
#   scripts/interop/pydraughts_game.sh --games random --time 5
#   scripts/interop/pydraughts_game.sh --variant international            # sends variant=standard
#   scripts/interop/pydraughts_game.sh --variant international --hub-variant normal
#   scripts/interop/pydraughts_game.sh --dxp [--games 4 --depth 4]    # DXPEngine vs damka dxp --listen
#
# Environment: PYDRAUGHTS_VERSION (default 0.6.7, the version checked), PYDRAUGHTS_VENV (where
# the environment lives), PYTHON (default python3).
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
version="${PYDRAUGHTS_VERSION:-0.6.7}"
venv="${PYDRAUGHTS_VENV:-$root/target/pydraughts-venv}"

cargo build --release --quiet --manifest-path "$root/Cargo.toml"

if [[ ! -x "$venv/bin/python" ]]; then
    "${PYTHON:-python3}" -m venv "$venv"
fi
"$venv/bin/python" -m pip install --quiet --disable-pip-version-check "pydraughts==$version"

# pydraughts reads the engine's stderr as if it were protocol output; keep the log quiet.
export RUST_LOG="${RUST_LOG:-error}"
if [[ "${1:-}" == "--dxp" ]]; then
    shift
    exec "$venv/bin/python" "$root/scripts/interop/pydraughts_dxp.py" --engine "$root/target/release/damka" "$@"
fi
exec "$venv/bin/python" "$root/scripts/interop/pydraughts_game.py" --engine "$root/target/release/damka" "$@"
