#!/usr/bin/env bash
# Self-play sharded over Dask (see scripts/dev/selfplay_dask.py for the options). Installs Dask into
# target/dask-venv on first use, builds damka, and runs on a local cluster of this machine's
# cores unless --scheduler names a running one. Not part of the tests.
#
#   scripts/dev/selfplay_dask.sh --games 400 --workers 2 --out target/sp.txt --compare
set -euo pipefail
cd "$(dirname "$0")/../.."
source scripts/dev/dask_env.sh
exec "$dask_python" scripts/dev/selfplay_dask.py "$@"
