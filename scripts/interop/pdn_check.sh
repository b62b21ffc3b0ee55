#!/usr/bin/env bash
# Checks that another draughts tool reads damka's match PDN: pydraughts replays every game of
# the file, move by move, and must agree with each result that the rules decided (see
# pdn_check.py). Not part of CI: it needs the network once, to install pydraughts into a
# virtual environment under target/.
#
#   scripts/interop/pdn_check.sh match.pdn
#
# Environment: PYDRAUGHTS_VERSION (default 0.6.7, the version checked), PYDRAUGHTS_VENV (where
# the environment lives), PYTHON (default python3).
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
version="${PYDRAUGHTS_VERSION:-0.6.7}"
venv="${PYDRAUGHTS_VENV:-$root/target/pydraughts-venv}"

if [[ ! -x "$venv/bin/python" ]]; then
    "${PYTHON:-python3}" -m venv "$venv"
fi
"$venv/bin/python" -m pip install --quiet --disable-pip-version-check "pydraughts==$version"
exec "$venv/bin/python" "$root/scripts/interop/pdn_check.py" "$@"
