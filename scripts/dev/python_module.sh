#!/usr/bin/env bash
# The Python module (crates/python): clippy of its crate, a release wheel built with maturin
# and installed into a virtual environment under target/, then its pytest suite (which
# compares damka with pydraughts and plays against target/release/damka hub, so run it after
# `cargo build --release` or `cargo test --release`). Run by .ci/run.
#
# It installs what it needs (maturin, pytest, pydraughts) from PyPI into the environment.
# When Python, a virtual environment or those packages cannot be had it says why and exits 0
# (skipped); a failing lint, build or test exits non-zero.
#
# The wheel reuses the rules and engine crates `cargo build --release` compiled: maturin
# builds with the workspace's release profile in the workspace's target directory.
#
# Environment: PYTHON_VENV (default target/python-venv), PYTHON (default python3),
# PYDRAUGHTS_VERSION (default 0.6.7, the version the tests were checked with).
set -euo pipefail
cd "$(dirname "$0")/../.."

venv="${PYTHON_VENV:-target/python-venv}"
wheels=target/wheels

skip() {
    echo "python module: skipped: $*" >&2
    exit 0
}

command -v "${PYTHON:-python3}" >/dev/null || skip "no ${PYTHON:-python3} to build the module for"
if [[ ! -x "$venv/bin/python" ]]; then
    "${PYTHON:-python3}" -m venv "$venv" || skip "cannot make a Python virtual environment"
fi
"$venv/bin/python" -m pip install --quiet --disable-pip-version-check \
    "maturin>=1.9.4,<2" pytest "pydraughts==${PYDRAUGHTS_VERSION:-0.6.7}" ||
    skip "pip cannot install maturin, pytest and pydraughts (no network?)"
venv="$(cd "$venv" && pwd)"

# pyo3's build script asks this interpreter what to build for.
export PYO3_PYTHON="$venv/bin/python"

cargo clippy -p damka-python --all-targets -- -D warnings

start=$SECONDS
rm -f "$wheels"/damka-*.whl
"$venv/bin/maturin" build --release --quiet -m crates/python/Cargo.toml --out "$wheels"
wheel=$(ls "$wheels"/damka-*.whl)
"$venv/bin/python" -m pip install --quiet --disable-pip-version-check --force-reinstall \
    --no-deps "$wheel"
echo "python module: built and installed $(basename "$wheel") in $((SECONDS - start)) s"

# From the tests' folder, so that `import damka` is the installed wheel, not the source tree.
cd crates/python/tests
"$venv/bin/python" -m pytest -q -rs -p no:cacheprovider .
