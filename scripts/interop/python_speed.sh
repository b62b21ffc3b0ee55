#!/usr/bin/env bash
# Speed of damka's Python module beside pydraughts and py-draughts in one run (see
# python_speed.py): builds the module's release wheel into target/python-venv (with
# pydraughts beside it) and installs py-draughts into target/py-draughts-venv, a second
# environment because both libraries are imported as `draughts`. Not part of CI: it needs the
# network once, and its numbers depend on the machine.
#
#   scripts/interop/python_speed.sh                    # 300 positions, perft 4 and 6
#   scripts/interop/python_speed.sh --positions 1000 --deep 7
#
# Environment: PYTHON (default python3), PYDRAUGHTS_VERSION (default 0.6.7), PY_DRAUGHTS_VERSION
# (default 1.10.1, the version measured in docs/python.md).
set -euo pipefail
cd "$(dirname "$0")/../.."

venv="$PWD/target/python-venv"
other="$PWD/target/py-draughts-venv"
pip=(-m pip install --quiet --disable-pip-version-check)

for env in "$venv" "$other"; do
    [[ -x "$env/bin/python" ]] || "${PYTHON:-python3}" -m venv "$env"
done
"$venv/bin/python" "${pip[@]}" "maturin>=1.9.4,<2" "pydraughts==${PYDRAUGHTS_VERSION:-0.6.7}"
"$other/bin/python" "${pip[@]}" "py-draughts==${PY_DRAUGHTS_VERSION:-1.10.1}"

export PYO3_PYTHON="$venv/bin/python"
rm -f target/wheels/damka-*.whl
"$venv/bin/maturin" build --release --quiet -m crates/python/Cargo.toml --out target/wheels
"$venv/bin/python" "${pip[@]}" --force-reinstall --no-deps target/wheels/damka-*.whl

exec "$venv/bin/python" scripts/interop/python_speed.py \
    --pydraughts-python "$venv/bin/python" --py-draughts-python "$other/bin/python" "$@"
