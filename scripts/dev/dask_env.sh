# Sourced by the Dask scripts: Dask in target/dask-venv (installed on first use) and a release
# build of damka; sets $dask_python. Run from the repository's root.
venv=target/dask-venv
if ! "$venv/bin/python" -c 'import dask.distributed' 2>/dev/null; then
    python3 -m venv "$venv"
    "$venv/bin/pip" install --quiet 'dask[distributed]'
fi
cargo build --release --quiet --bin damka
dask_python="$venv/bin/python"
