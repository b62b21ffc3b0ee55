#!/usr/bin/env bash
# Endgame databases built over Dask, one task per split pair (see scripts/dev/egdb_dask.py for
# the options). Installs Dask into target/dask-venv on first use, builds damka, and runs on a
# local cluster of this machine's cores unless --scheduler names a running one. Not part of
# the tests.
#
#   scripts/dev/egdb_dask.sh --variant international --pieces 4 --dir egdb --compare
set -euo pipefail
cd "$(dirname "$0")/../.."
source scripts/dev/dask_env.sh
exec "$dask_python" scripts/dev/egdb_dask.py "$@"
